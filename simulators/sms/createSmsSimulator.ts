// A stand-in for Africa's Talking's SMS API, speaking its HTTP surface: POST /version1/messaging with the
// `apiKey` header and a form-encoded body, a 201 answer with a status per recipient, then a delivery
// report POSTed (form-encoded) to the callback URL that would be configured on AT's dashboard. Outcomes
// are scripted by number (outcomes.ts); /__sms shows what was sent so a person can read a code.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { listenOnLoopback } from '#simulators/lib/listenOnLoopback.ts';
import { postOnOwnConnection } from '#simulators/lib/postOnOwnConnection.ts';
import { inboxPage } from './inboxPage.ts';
import { SMS_DELIVERED, SMS_INVALID_NUMBER, SMS_SCRIPTED } from './outcomes.ts';

export interface SmsSimulatorOptions {
  username: string;
  apiKey: string;
  /** Where delivery reports go (null: none are sent). May be set later, once the app's port is known. */
  deliveryReportUrl?: string | null;
  reportDelayMs?: number;
  port?: number;
}

export interface SimSms {
  messageId: string | null;
  to: string;
  from: string | null;
  message: string;
  statusCode: number;
  status: string;
  deliveryStatus: string | null;
  at: Date;
}

export interface SmsSimulator {
  url: string;
  messages: SimSms[];
  setDeliveryReportUrl(url: string | null): void;
  close(): Promise<void>;
}

const HISTORY = 5_000;
// Two SMS parts' price list: GSM-7 text 160 characters a part, other text (emoji…) 70.
const PART_PRICE_KES = 0.8;

export async function createSmsSimulator(opts: SmsSimulatorOptions): Promise<SmsSimulator> {
  const messages: SimSms[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let reportUrl = opts.deliveryReportUrl ?? null;
  let closed = false;

  const report = (sms: SimSms, r: { status: string; failureReason?: string }) => {
    const t = setTimeout(() => {
      timers.delete(t);
      if (closed || !reportUrl || !sms.messageId) return;
      sms.deliveryStatus = r.status;
      const body = new URLSearchParams({
        id: sms.messageId,
        status: r.status,
        phoneNumber: sms.to,
        networkCode: '63902',
        retryCount: '0',
        ...(r.failureReason ? { failureReason: r.failureReason } : {}),
      });
      // An unreachable callback just misses its report, as with the real gateway.
      void postOnOwnConnection(reportUrl, body.toString(), 'application/x-www-form-urlencoded');
    }, opts.reportDelayMs ?? 1000);
    timers.add(t);
  };

  const app = new Hono();
  app.post('/version1/messaging', async (c) => {
    // Test credentials on loopback: a plain comparison will do.
    if (c.req.header('apikey') !== opts.apiKey) return c.text('The supplied authentication is invalid', 401);
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded'))
      return c.text("Request is missing required form field 'username'", 400);
    const form = new URLSearchParams(await c.req.text());
    for (const field of ['username', 'to', 'message']) {
      if (!form.get(field)) return c.text(`Request is missing required form field '${field}'`, 400);
    }
    if (form.get('username') !== opts.username) return c.text('The supplied authentication is invalid', 401);
    const message = form.get('message')!;
    const from = form.get('from');
    const parts = Math.max(1, Math.ceil(message.length / (/^[\x20-\x7e\n\r]*$/.test(message) ? 160 : 70)));
    let total = 0;
    const recipients = form
      .get('to')!
      .split(',')
      .map((raw) => {
        const to = raw.trim();
        const script = /^\+254[17]\d{8}$/.test(to) ? (SMS_SCRIPTED[to] ?? SMS_DELIVERED) : SMS_INVALID_NUMBER;
        const accepted = script.statusCode < 200;
        const cost = accepted ? parts * PART_PRICE_KES : 0;
        total += cost;
        const sms: SimSms = {
          messageId: accepted ? `ATXid_${randomUUID().replace(/-/g, '')}` : null,
          to,
          from,
          message,
          statusCode: script.statusCode,
          status: script.status,
          deliveryStatus: null,
          at: new Date(),
        };
        messages.push(sms);
        if (messages.length > HISTORY) messages.splice(0, messages.length - HISTORY);
        if (accepted && script.report) report(sms, script.report);
        return {
          statusCode: sms.statusCode,
          number: to,
          status: sms.status,
          cost: accepted ? `KES ${cost.toFixed(4)}` : '0',
          messageId: sms.messageId ?? 'None',
        };
      });
    const sent = recipients.filter((r) => r.statusCode < 200).length;
    return c.json(
      {
        SMSMessageData: {
          Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${total.toFixed(4)}`,
          Recipients: recipients,
        },
      },
      201,
    );
  });
  app.get('/__sms', (c) => c.html(inboxPage([...messages].reverse())));
  app.get('/__sms/messages.json', (c) => c.json([...messages].reverse()));

  const listener = await listenOnLoopback(app.fetch, opts.port);
  return {
    url: listener.url,
    messages,
    setDeliveryReportUrl: (url) => {
      reportUrl = url;
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      await listener.close();
    },
  };
}
