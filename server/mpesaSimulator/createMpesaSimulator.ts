// A stand-in for Safaricom's Daraja API, speaking the same HTTP surface (OAuth, STK push, STK query,
// reversal) and calling back like Daraja does. Outcomes are scripted by phone number (outcomes.ts); in
// manual mode a person answers prompts on /__mpesa. Used by demos, tests and the payments benchmark.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { darajaTimestamp } from '../daraja/timestamp.ts';
import { MANUAL_ACTIONS, SCRIPTED, SUCCESS_DESC, type ScriptedOutcome } from './outcomes.ts';
import { promptPage } from './promptPage.ts';
import type { ReceivedRequest, SimTransaction, SimulatorOptions } from './simulatorTypes.ts';
import { checkCredentials, validateStkPush, type DarajaFault } from './validateStkPush.ts';

export interface MpesaSimulator {
  url: string;
  received: ReceivedRequest[];
  transactions: Map<string, SimTransaction>;
  /** Answers an open prompt as a person would (approve, cancel, wrong_pin, insufficient, timeout). */
  answer(checkoutRequestId: string, action: keyof typeof MANUAL_ACTIONS): boolean;
  /** The callback body Daraja would send for a settled transaction (to replay it in tests). */
  callbackBody(tx: SimTransaction): object;
  close(): Promise<void>;
}

type SimEnv = { Variables: { body: unknown } };
/** Requests and transactions remembered, oldest dropped first. */
const HISTORY = 10_000;
const NOT_JSON = Symbol('not json');

export async function createMpesaSimulator(opts: SimulatorOptions): Promise<MpesaSimulator> {
  const delayMs = opts.callbackDelayMs ?? 3000;
  const lateDelayMs = opts.lateDelayMs ?? 120_000;
  const promptTimeoutMs = opts.promptTimeoutMs ?? 60_000;
  const tokenTtl = opts.tokenTtlSeconds ?? 3599;
  const received: ReceivedRequest[] = [];
  const transactions = new Map<string, SimTransaction>();
  const timers = new Set<NodeJS.Timeout>();
  let token: { value: string; expiresAt: number } | null = null;
  let closed = false;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const fault = (c: Context, f: DarajaFault) =>
    c.json({ requestId: randomUUID(), errorCode: f.errorCode, errorMessage: f.errorMessage }, f.status as 400);

  const bearerOk = (c: Context) => {
    const m = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '');
    return !!m && !!token && Date.now() < token.expiresAt && safeEqual(m[1]!, token.value);
  };

  function callbackBody(tx: SimTransaction): object {
    const r = tx.result!;
    return {
      Body: {
        stkCallback: {
          MerchantRequestID: tx.merchantRequestId,
          CheckoutRequestID: tx.checkoutRequestId,
          ResultCode: r.resultCode,
          ResultDesc: r.resultDesc,
          ...(r.resultCode === 0
            ? {
                CallbackMetadata: {
                  Item: [
                    { Name: 'Amount', Value: tx.amount },
                    { Name: 'MpesaReceiptNumber', Value: tx.receipt },
                    { Name: 'Balance' },
                    { Name: 'TransactionDate', Value: Number(darajaTimestamp()) },
                    { Name: 'PhoneNumber', Value: Number(tx.phone) },
                  ],
                },
              }
            : {}),
        },
      },
    };
  }

  function settle(tx: SimTransaction, outcome: ScriptedOutcome): void {
    if (tx.result || closed) return;
    tx.result = outcome;
    if (outcome.resultCode === 0) tx.receipt = receiptNumber();
    const body = JSON.stringify(callbackBody(tx));
    // Duplicates go out together, as a retrying gateway might send them.
    for (let i = 0; i < outcome.callbacks; i++) {
      tx.callbacksSent++;
      const t0 = performance.now();
      const answered = (status: number) => opts.onCallback?.(tx, { status, ms: performance.now() - t0 });
      fetch(tx.callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (res) => {
          await res.body?.cancel();
          answered(res.status);
        },
        () => answered(0), // Like Daraja: a callback nobody received is not retried.
      );
    }
  }

  const app = new Hono<SimEnv>();
  app.use('*', async (c, next) => {
    let body: unknown = null;
    if (c.req.method === 'POST') {
      const text = await c.req.text();
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = NOT_JSON;
      }
    }
    c.set('body', body);
    await next();
    received.push({ method: c.req.method, path: c.req.path, body: body === NOT_JSON ? null : body, status: c.res.status });
    if (received.length > HISTORY) received.splice(0, received.length - HISTORY);
  });

  app.get('/oauth/v1/generate', (c) => {
    if (c.req.query('grant_type') !== 'client_credentials') {
      return fault(c, { status: 400, errorCode: '400.008.02', errorMessage: 'Invalid grant type passed' });
    }
    const expected = Buffer.from(`${opts.consumerKey}:${opts.consumerSecret}`).toString('base64');
    if (!safeEqual(c.req.header('authorization') ?? '', `Basic ${expected}`)) {
      return fault(c, { status: 400, errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
    }
    // One live token per app: issuing a new one retires the old.
    token = { value: randomBytes(21).toString('base64url'), expiresAt: Date.now() + tokenTtl * 1000 };
    return c.json({ access_token: token.value, expires_in: String(tokenTtl) });
  });

  // Daraja's guard on every API call: a live bearer token and a JSON body.
  app.use('/mpesa/*', async (c, next) => {
    if (!bearerOk(c)) return fault(c, { status: 401, errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    const body = c.get('body');
    if (body === NOT_JSON || typeof body !== 'object' || body === null || Array.isArray(body)) {
      return fault(c, { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid JSON' });
    }
    await next();
  });

  app.post('/mpesa/stkpush/v1/processrequest', async (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const problem = validateStkPush(body, opts, new Date());
    if (problem) return fault(c, problem);
    const phone = String(body.PhoneNumber);
    const tx: SimTransaction = {
      merchantRequestId: `${rand(5)}-${rand(8)}-1`,
      checkoutRequestId: `ws_CO_${darajaTimestamp()}${rand(12)}`,
      phone,
      amount: Number(body.Amount),
      accountReference: String(body.AccountReference),
      callbackUrl: String(body.CallBackURL),
      createdAt: new Date(),
      result: null,
      receipt: null,
      manual: false,
      reversed: false,
      callbacksSent: 0,
    };
    transactions.set(tx.checkoutRequestId, tx);
    // A demo server runs for days: forget the oldest transactions (Map keeps insertion order).
    if (transactions.size > HISTORY) transactions.delete(transactions.keys().next().value!);
    const scripted = SCRIPTED[phone] ?? (opts.mode === 'auto' ? MANUAL_ACTIONS.approve : undefined);
    if (scripted) {
      later(scripted.late ? lateDelayMs : delayMs, () => settle(tx, scripted));
    } else {
      tx.manual = true;
      later(promptTimeoutMs, () => settle(tx, MANUAL_ACTIONS.timeout!));
    }
    if (opts.pushAnswerDelayMs) await new Promise((r) => setTimeout(r, opts.pushAnswerDelayMs));
    return c.json({
      MerchantRequestID: tx.merchantRequestId,
      CheckoutRequestID: tx.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    });
  });

  app.post('/mpesa/stkpushquery/v1/query', (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const problem = checkCredentials(body, opts, new Date());
    if (problem) return fault(c, problem);
    const tx = transactions.get(String(body.CheckoutRequestID ?? ''));
    if (!tx) return fault(c, { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CheckoutRequestID' });
    if (!tx.result) return fault(c, { status: 500, errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
    return c.json({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: tx.merchantRequestId,
      CheckoutRequestID: tx.checkoutRequestId,
      ResultCode: String(tx.result.resultCode),
      ResultDesc: tx.result.resultDesc,
    });
  });

  app.post('/mpesa/reversal/v1/request', (c) => {
    const body = c.get('body') as Record<string, unknown>;
    if (!body.Initiator || !body.SecurityCredential) return fault(c, { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Initiator' });
    if (body.CommandID !== 'TransactionReversal') return fault(c, { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid CommandID' });
    const tx = [...transactions.values()].find((t) => t.receipt !== null && t.receipt === body.TransactionID);
    if (!tx || tx.reversed) return fault(c, { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid TransactionID' });
    if (Number(body.Amount) !== tx.amount) return fault(c, { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Amount' });
    tx.reversed = true;
    const ids = { OriginatorConversationID: randomUUID(), ConversationID: `AG_${darajaTimestamp()}_${rand(16)}` };
    if (typeof body.ResultURL === 'string') {
      const resultUrl = body.ResultURL;
      later(delayMs, () => {
        const result = { Result: { ResultType: 0, ResultCode: 0, ResultDesc: SUCCESS_DESC, ...ids, TransactionID: receiptNumber() } };
        fetch(resultUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) }).then(
          (res) => res.body?.cancel(),
          () => {},
        );
      });
    }
    return c.json({ ...ids, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
  });

  app.get('/__mpesa', (c) => c.html(promptPage([...transactions.values()].reverse())));
  app.post('/__mpesa/:checkoutRequestId/:action', (c) => {
    const { checkoutRequestId, action } = c.req.param();
    const outcome = Object.hasOwn(MANUAL_ACTIONS, action) ? MANUAL_ACTIONS[action] : undefined;
    const tx = transactions.get(checkoutRequestId);
    if (outcome && tx && !tx.result) settle(tx, outcome);
    return c.redirect('/__mpesa', 303);
  });

  const server = http.createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    transactions,
    answer(checkoutRequestId, action) {
      const tx = transactions.get(checkoutRequestId);
      if (!tx || tx.result) return false;
      settle(tx, MANUAL_ACTIONS[action]!);
      return true;
    },
    callbackBody,
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      const done = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await done;
    },
  };
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
function pick(alphabet: string, n: number): string {
  return [...randomBytes(n)].map((b) => alphabet[b % alphabet.length]).join('');
}
const rand = (n: number) => pick(DIGITS, n);
/** Receipt numbers look like M-Pesa's: ten capitals and digits, starting with letters. */
const receiptNumber = () => pick(UPPER, 3) + pick(UPPER + DIGITS, 7);
