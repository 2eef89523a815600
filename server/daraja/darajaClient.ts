// A small typed client for the Daraja endpoints Darasa uses: OAuth, STK push, STK query and reversal.
// It speaks to Safaricom (sandbox or production) or to our simulator, which exposes the same surface.
import type { z } from 'zod';
import { DarajaError } from './darajaError.ts';
import { darajaTimestamp, stkPassword } from '#common/daraja/timestamp.ts';
import {
  LIMITS,
  STILL_PROCESSING,
  TOKEN_ERROR_CODES,
  c2bRegisterResponseSchema,
  darajaErrorSchema,
  reversalResponseSchema,
  stkPushResponseSchema,
  stkQueryResponseSchema,
  tokenResponseSchema,
  type ReversalRequest,
  type ReversalResponse,
  type StkPushRequest,
  type StkPushResponse,
} from './types.ts';
import { isDarajaPhone } from '#common/phone.ts';
import { b2cPayment, type B2cInput, type B2cResponse } from './b2c.ts';
import { transactionStatus, type TransactionStatusInput, type TransactionStatusResponse } from './transactionStatus.ts';
import type { DarajaResultCode } from './resultCodes.ts';

export interface DarajaSettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  partyB: string;
  transactionType: StkPushRequest['TransactionType'];
  initiatorName: string | null;
  securityCredential: string | null;
  /** Payouts (B2C) leave from this shortcode; without it B2C and status queries are refused. */
  b2cShortcode?: string;
}

export interface StkPushInput {
  amount: number;
  phone: string;
  callbackUrl: string;
  accountReference: string;
  transactionDesc: string;
}

export type StkQueryResult =
  | { state: 'pending'; raw: unknown }
  | { state: 'done'; resultCode: DarajaResultCode; resultDesc: string; raw: unknown };

export interface ReversalInput {
  /** The M-Pesa receipt number of the payment to reverse. */
  transactionId: string;
  amount: number;
  resultUrl: string;
  queueTimeoutUrl: string;
  remarks: string;
  occasion?: string;
}

export interface DarajaClient {
  /** A bearer token, cached until shortly before it expires; concurrent callers share one request. */
  token(): Promise<string>;
  /** Sends the PIN prompt. `request` is what was sent, with the password left out (keep it as a record). */
  stkPush(input: StkPushInput): Promise<{ request: Omit<StkPushRequest, 'Password'>; response: StkPushResponse }>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
  /** Asks M-Pesa to reverse a completed payment; the outcome arrives later at `resultUrl`. */
  reverseTransaction(input: ReversalInput): Promise<ReversalResponse>;
  /** Sends money to a customer (a payout); the outcome arrives later at `resultUrl`. */
  b2cPayment(input: B2cInput): Promise<B2cResponse>;
  /** Asks what became of a transaction; the answer arrives later at `resultUrl`. */
  transactionStatus(input: TransactionStatusInput): Promise<TransactionStatusResponse>;
  /** Registers the Paybill (C2B) validation and confirmation URLs of our shortcode. */
  registerC2bUrls(input: { validationUrl: string; confirmationUrl: string }): Promise<void>;
}

const REQUEST_TIMEOUT_MS = 15_000;
// Daraja tokens live an hour; renew a minute early so a request never carries one that expires in flight.
const REFRESH_EARLY_MS = 60_000;

export function createDarajaClient(settings: DarajaSettings, now: () => Date = () => new Date()): DarajaClient {
  const base = settings.baseUrl.replace(/\/$/, '');
  let cached: { token: string; renewAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${settings.consumerKey}:${settings.consumerSecret}`).toString('base64');
    const body = await send('GET', '/oauth/v1/generate?grant_type=client_credentials', `Basic ${basic}`);
    const t = parse(tokenResponseSchema, body, 'token');
    cached = { token: t.access_token, renewAt: Date.now() + Math.max(0, t.expires_in * 1000 - REFRESH_EARLY_MS) };
    return t.access_token;
  }

  function token(): Promise<string> {
    if (cached && Date.now() < cached.renewAt) return Promise.resolve(cached.token);
    inFlight ??= fetchToken().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /**
   * One authorised POST; a token refused as invalid (expired early, or retired by a renewal elsewhere) is
   * renewed once and the call retried. Daraja names the refusal by error code, at HTTP 404 or 401.
   */
  async function post(path: string, payload: object): Promise<unknown> {
    const used = await token();
    try {
      return await send('POST', path, `Bearer ${used}`, payload);
    } catch (err) {
      if (!isTokenRefusal(err)) throw err;
      if (cached?.token === used) cached = null;
      return send('POST', path, `Bearer ${await token()}`, payload);
    }
  }

  function password(): { Password: string; Timestamp: string } {
    const Timestamp = darajaTimestamp(now());
    return { Password: stkPassword(settings.shortcode, settings.passkey, Timestamp), Timestamp };
  }

  return {
    token,
    b2cPayment: (input) => b2cPayment(post, settings, input),
    transactionStatus: (input) => transactionStatus(post, settings, input),

    async stkPush(input) {
      if (!Number.isInteger(input.amount) || input.amount < 1)
        throw new DarajaError(0, null, 'Amount must be whole shillings');
      if (!isDarajaPhone(input.phone)) throw new DarajaError(0, null, 'Phone must be 2547XXXXXXXX or 2541XXXXXXXX');
      if (
        input.accountReference.length > LIMITS.accountReference ||
        input.transactionDesc.length > LIMITS.transactionDesc
      ) {
        throw new DarajaError(0, null, 'AccountReference or TransactionDesc is too long');
      }
      const { Password, Timestamp } = password();
      const request: Omit<StkPushRequest, 'Password'> = {
        BusinessShortCode: settings.shortcode,
        Timestamp,
        TransactionType: settings.transactionType,
        Amount: input.amount,
        PartyA: input.phone,
        PartyB: settings.partyB,
        PhoneNumber: input.phone,
        CallBackURL: input.callbackUrl,
        AccountReference: input.accountReference,
        TransactionDesc: input.transactionDesc,
      };
      const body = await post('/mpesa/stkpush/v1/processrequest', { ...request, Password });
      const response = parse(stkPushResponseSchema, body, 'STK push');
      if (response.ResponseCode !== '0')
        throw new DarajaError(200, response.ResponseCode, response.ResponseDescription);
      return { request, response };
    },

    async stkQuery(checkoutRequestId) {
      const payload = { BusinessShortCode: settings.shortcode, ...password(), CheckoutRequestID: checkoutRequestId };
      try {
        const raw = await post('/mpesa/stkpushquery/v1/query', payload);
        const r = parse(stkQueryResponseSchema, raw, 'STK query');
        return { state: 'done', resultCode: r.ResultCode, resultDesc: r.ResultDesc, raw };
      } catch (err) {
        // The prompt is still open on the phone: Daraja answers HTTP 500 with this code (which it also uses
        // for other faults, hence the message check).
        if (err instanceof DarajaError && err.code === STILL_PROCESSING && /being processed/i.test(err.message)) {
          return { state: 'pending', raw: { errorCode: err.code, errorMessage: err.message } };
        }
        throw err;
      }
    },

    async reverseTransaction(input) {
      if (!settings.initiatorName || !settings.securityCredential) {
        throw new DarajaError(0, null, 'Reversals need MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL');
      }
      const request: ReversalRequest = {
        Initiator: settings.initiatorName,
        SecurityCredential: settings.securityCredential,
        CommandID: 'TransactionReversal',
        TransactionID: input.transactionId,
        Amount: input.amount,
        ReceiverParty: settings.shortcode,
        RecieverIdentifierType: '11',
        ResultURL: input.resultUrl,
        QueueTimeOutURL: input.queueTimeoutUrl,
        Remarks: input.remarks.slice(0, 100),
        Occasion: (input.occasion ?? '').slice(0, 100),
      };
      const response = parse(reversalResponseSchema, await post('/mpesa/reversal/v1/request', request), 'reversal');
      if (response.ResponseCode !== '0')
        throw new DarajaError(200, response.ResponseCode, response.ResponseDescription);
      return response;
    },

    registerC2bUrls,
  };

  async function registerC2bUrls(input: { validationUrl: string; confirmationUrl: string }): Promise<void> {
    const body = await post('/mpesa/c2b/v1/registerurl', {
      ShortCode: settings.shortcode,
      // When our validation URL cannot be reached, M-Pesa cancels the payment rather than take money we
      // cannot match to a purchase.
      ResponseType: 'Cancelled',
      ConfirmationURL: input.confirmationUrl,
      ValidationURL: input.validationUrl,
    });
    const r = parse(c2bRegisterResponseSchema, body, 'C2B register');
    if (r.ResponseCode !== '0') throw new DarajaError(200, r.ResponseCode, r.ResponseDescription);
  }

  async function send(method: 'GET' | 'POST', path: string, authorization: string, payload?: object): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new DarajaError(0, null, 'M-Pesa could not be reached');
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (res.ok) return body;
    const e = darajaErrorSchema.safeParse(body);
    throw new DarajaError(
      res.status,
      e.success ? e.data.errorCode : null,
      e.success ? e.data.errorMessage : `HTTP ${res.status}`,
    );
  }
}

/** Daraja's refusals of a bearer token, whatever HTTP status carries them. */
function isTokenRefusal(err: unknown): boolean {
  if (!(err instanceof DarajaError)) return false;
  return err.code === null ? err.status === 401 : TOKEN_ERROR_CODES.has(err.code);
}

function parse<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new DarajaError(502, null, `Unexpected ${what} answer from M-Pesa`);
  return r.data;
}
