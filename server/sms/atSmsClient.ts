import { outcomeOf, type SendOutcome } from './statusCodes.ts';

export interface SmsGatewaySettings {
  /** Origin of the API, e.g. https://api.africastalking.com (no path). */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** Alphanumeric sender id or shortcode; null: the account's default. */
  senderId: string | null;
}

export interface SmsSendResult {
  outcome: SendOutcome;
  /** ATXid_…, when the gateway took the message. */
  messageId: string | null;
  /** Africa's Talking's statusCode for the recipient; null when no recipient status came back. */
  statusCode: number | null;
  detail: string;
}

export interface SmsClient {
  /** One message to one number (+2547…); never throws for gateway answers, only reports them. */
  send(to: string, message: string, signal?: AbortSignal): Promise<SmsSendResult>;
}

const SEND_TIMEOUT_MS = 15_000;

/**
 * Africa's Talking's bulk SMS endpoint: POST /version1/messaging, form-encoded username, to, message,
 * from, the API key in the `apiKey` header; 201 with SMSMessageData.Recipients[] (one per number, each
 * with its statusCode and messageId). Anything else (bad key, 5xx, network) counts as "unavailable".
 */
export function createAtSmsClient(s: SmsGatewaySettings): SmsClient {
  const url = `${s.baseUrl.replace(/\/$/, '')}/version1/messaging`;
  return {
    async send(to, message, signal) {
      const form = new URLSearchParams({ username: s.username, to, message });
      if (s.senderId) form.set('from', s.senderId);
      const timeout = AbortSignal.timeout(SEND_TIMEOUT_MS);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            apiKey: s.apiKey,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        return { outcome: 'unavailable', messageId: null, statusCode: null, detail: `network: ${String(err)}` };
      }
      const text = await res.text();
      if (res.status !== 201 && res.status !== 200)
        return {
          outcome: 'unavailable',
          messageId: null,
          statusCode: null,
          detail: `HTTP ${res.status}: ${text.slice(0, 200)}`,
        };
      const recipient = firstRecipient(text);
      if (!recipient)
        return {
          outcome: 'unavailable',
          messageId: null,
          statusCode: null,
          detail: `no recipient: ${text.slice(0, 200)}`,
        };
      const statusCode = Number(recipient.statusCode);
      const outcome = outcomeOf(statusCode);
      const id = typeof recipient.messageId === 'string' && recipient.messageId !== 'None' ? recipient.messageId : null;
      return {
        outcome,
        messageId: outcome === 'accepted' ? id : null,
        statusCode,
        detail: String(recipient.status ?? ''),
      };
    },
  };
}

function firstRecipient(text: string): Record<string, unknown> | null {
  try {
    const body = JSON.parse(text) as { SMSMessageData?: { Recipients?: unknown } };
    const list = body.SMSMessageData?.Recipients;
    return Array.isArray(list) && list[0] && typeof list[0] === 'object' ? (list[0] as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
