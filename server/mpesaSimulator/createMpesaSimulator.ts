// A stand-in for Safaricom's Daraja API, speaking the same HTTP surface (OAuth, STK push, STK query,
// reversal) and calling back like Daraja does. Outcomes are scripted by phone number (outcomes.ts); in
// manual mode a person answers prompts on /__mpesa. Used by demos, tests and the payments benchmark.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { darajaTimestamp } from '../daraja/timestamp.ts';
import { MANUAL_ACTIONS, SCRIPTED, SUCCESS_DESC, type ScriptedOutcome } from './outcomes.ts';
import { paybillPage, promptPage } from './promptPage.ts';
import { registerB2c, type B2cSimulator, type StatusSubject } from './b2c.ts';
import type { ReceivedRequest, SimTransaction, SimulatorOptions } from './simulatorTypes.ts';
import { checkCredentials, validateStkPush } from './validateStkPush.ts';
import type { DarajaFault } from './darajaFault.ts';
import { validateReversal } from './validateReversal.ts';
import { postJsonOnOwnConnection } from '../lib/postOnOwnConnection.ts';
import { safeEqual } from '../lib/safeEqual.ts';
import { badField } from './darajaFault.ts';
import {
  c2bNotice,
  checkRegistration,
  postForAnswer,
  type C2bRegistration,
  type PaybillInput,
  type PaybillPayment,
} from './paybill.ts';

export interface MpesaSimulator {
  url: string;
  received: ReceivedRequest[];
  transactions: Map<string, SimTransaction>;
  /** Answers an open prompt as a person would (approve, cancel, wrong_pin, insufficient, timeout). */
  answer(checkoutRequestId: string, action: keyof typeof MANUAL_ACTIONS): boolean;
  /** The callback body Daraja would send for a settled transaction (to replay it in tests). */
  callbackBody(tx: SimTransaction): object;
  /** B2C payouts and Transaction Status queries (b2c.ts). */
  b2c: B2cSimulator;
  /** A customer paying by Paybill: validation, then (if accepted) confirmation. */
  payBill(input: PaybillInput): Promise<PaybillPayment>;
  paybillPayments: PaybillPayment[];
  close(): Promise<void>;
}

type SimEnv = { Variables: { body: unknown } };
/** Requests and transactions remembered, oldest dropped first. */
const HISTORY = 10_000;
const NOT_JSON = Symbol('not json');
/** The Daraja APIs simulated; other paths get the gateway's "Resource not found". */
const API_PATHS = new Set([
  '/mpesa/stkpush/v1/processrequest',
  '/mpesa/stkpushquery/v1/query',
  '/mpesa/reversal/v1/request',
  '/mpesa/c2b/v1/registerurl',
  '/mpesa/c2b/v1/simulate',
  '/mpesa/b2c/v3/paymentrequest',
  '/mpesa/transactionstatus/v1/query',
]);

export async function createMpesaSimulator(opts: SimulatorOptions): Promise<MpesaSimulator> {
  const delayMs = opts.callbackDelayMs ?? 3000;
  const lateDelayMs = opts.lateDelayMs ?? 120_000;
  const promptTimeoutMs = opts.promptTimeoutMs ?? 60_000;
  const tokenTtl = opts.tokenTtlSeconds ?? 3599;
  const received: ReceivedRequest[] = [];
  const transactions = new Map<string, SimTransaction>();
  const timers = new Set<NodeJS.Timeout>();
  const c2bUrls = new Map<string, C2bRegistration>();
  const paybillPayments: PaybillPayment[] = [];
  // Live tokens and when each expires.
  const tokens = new Map<string, number>();
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
    const expiresAt = m ? tokens.get(m[1]!) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt;
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
    const body = callbackBody(tx);
    // Duplicates go out together, as a retrying gateway might send them.
    for (let i = 0; i < outcome.callbacks; i++) {
      tx.callbacksSent++;
      const t0 = performance.now();
      const answered = (status: number) => opts.onCallback?.(tx, { status, ms: performance.now() - t0 });
      // Like Daraja: a callback nobody received (status 0) is not retried.
      void postJsonOnOwnConnection(tx.callbackUrl, body).then((res) => answered(res.status));
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
        // The phone page's forms are not JSON: keep their text for them; Daraja's APIs refuse it.
        body = c.req.path.startsWith('/__mpesa') ? text : NOT_JSON;
      }
    }
    c.set('body', body);
    await next();
    received.push({
      method: c.req.method,
      path: c.req.path,
      body: body === NOT_JSON ? null : body,
      status: c.res.status,
    });
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
    const now = Date.now();
    for (const [t, expiresAt] of tokens) if (opts.singleToken || expiresAt <= now) tokens.delete(t);
    const value = randomBytes(21).toString('base64url');
    tokens.set(value, now + tokenTtl * 1000);
    return c.json({ access_token: value, expires_in: String(tokenTtl) });
  });

  // Daraja's guard on every API call: a live bearer token and a JSON body.
  app.use('/mpesa/*', async (c, next) => {
    if (!API_PATHS.has(c.req.path)) return next(); // the gateway's 404 comes first
    // Observed: Daraja refuses a stale or unknown token with HTTP 404 and this code.
    if (!bearerOk(c)) return fault(c, { status: 404, errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    const body = c.get('body');
    if (body === NOT_JSON || typeof body !== 'object' || body === null || Array.isArray(body)) {
      return fault(c, { status: 400, errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid JSON' });
    }
    await next();
  });

  app.post('/mpesa/stkpush/v1/processrequest', async (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const problem = validateStkPush(body, opts);
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
    const problem = checkCredentials(body, opts);
    if (problem) return fault(c, problem);
    const tx = transactions.get(String(body.CheckoutRequestID ?? ''));
    if (!tx)
      return fault(c, {
        status: 400,
        errorCode: '400.002.02',
        errorMessage: 'Bad Request - Invalid CheckoutRequestID',
      });
    if (!tx.result)
      return fault(c, { status: 500, errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
    return c.json({
      ResponseCode: '0',
      ResponseDescription: 'The service request has been accepted successsfully',
      MerchantRequestID: tx.merchantRequestId,
      CheckoutRequestID: tx.checkoutRequestId,
      ResultCode: String(tx.result.resultCode),
      ResultDesc: tx.result.resultDesc,
    });
  });

  // Reversal: the request's shape is checked at once; everything about the transaction itself is decided
  // later and told to ResultURL (or QueueTimeOutURL when the request expires in M-Pesa's queue).
  app.post('/mpesa/reversal/v1/request', (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const problem = validateReversal(body);
    if (problem) return fault(c, problem);
    const ids = { OriginatorConversationID: randomUUID(), ConversationID: `AG_${darajaTimestamp()}_${rand(16)}` };
    later(delayMs, () => {
      const timedOut = opts.reversalQueueTimeout === true;
      const result = timedOut ? reversalTimeout(ids) : reverse(body, ids);
      // Like Daraja: a result nobody received is not retried.
      void postJsonOnOwnConnection(String(timedOut ? body.QueueTimeOutURL : body.ResultURL), result);
    });
    return c.json({ ...ids, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
  });

  const b2c = registerB2c(app, {
    delayMs,
    lateDelayMs,
    floatKes: opts.b2cFloatKes ?? 1_000_000_000,
    later,
    isClosed: () => closed,
    fault,
    receiptNumber,
    rand,
    customerPayment,
  });

  /**
   * A customer's payment for Transaction Status: by receipt (STK or Paybill), or an STK push by its
   * CheckoutRequestID given as OriginalConversationID.
   */
  function customerPayment(transactionId: string, original: string): StatusSubject | undefined {
    const credit = `${opts.shortcode} - Darasa`;
    if (transactionId) {
      const paid = paybillPayments.find((p) => p.completed && p.transId === transactionId);
      if (paid) {
        const phone = paid.input.phone;
        const amount = paid.input.amount;
        return {
          receipt: paid.transId,
          amount,
          phone,
          state: 'completed',
          reason: '',
          parties: [`${phone} - Customer`, credit],
        };
      }
    }
    const tx = transactionId
      ? [...transactions.values()].find((t) => t.receipt === transactionId)
      : transactions.get(original);
    if (!tx) return undefined;
    const state = !tx.result ? 'pending' : tx.result.resultCode === 0 ? 'completed' : 'failed';
    return {
      receipt: tx.receipt,
      amount: tx.amount,
      phone: tx.phone,
      state,
      reason: state === 'failed' ? tx.result!.resultDesc : '',
      parties: [`${tx.phone} - Customer`, credit],
    };
  }

  function reverse(body: Record<string, unknown>, ids: ConversationIds): object {
    const tx = [...transactions.values()].find((t) => t.receipt !== null && t.receipt === body.TransactionID);
    const refused = (code: string | number, desc: string) => reversalResult(ids, code, desc, body);
    if (!tx) return refused('R000002', 'The OriginalTransactionID is invalid.');
    if (tx.reversed) return refused('R000001', 'The transaction has already been reversed.');
    if (Number(body.Amount) !== tx.amount) return refused(2, 'The amount does not match the original transaction.');
    tx.reversed = true;
    return reversalResult(ids, 0, SUCCESS_DESC, body, {
      TransactionID: receiptNumber(),
      ResultParameters: {
        ResultParameter: [
          { Key: 'Amount', Value: tx.amount },
          { Key: 'OriginalTransactionID', Value: tx.receipt },
          { Key: 'TransCompletedTime', Value: Number(darajaTimestamp()) },
          { Key: 'Charge', Value: 0 },
          { Key: 'CreditPartyPublicName', Value: `${tx.phone} - Customer` },
          { Key: 'DebitPartyPublicName', Value: `${opts.shortcode} - Darasa` },
        ],
      },
    });
  }

  app.get('/__mpesa', (c) => c.html(promptPage([...transactions.values()].reverse(), paybillPayments)));
  // The phone's "Lipa na M-Pesa → Paybill" menu, for a person.
  app.get('/__mpesa/paybill', (c) => c.html(paybillPage(opts.shortcode)));
  app.post('/__mpesa/paybill', async (c) => {
    const form = new URLSearchParams(typeof c.get('body') === 'string' ? (c.get('body') as string) : '');
    const amount = Number(form.get('amount'));
    const phone = form.get('phone')?.trim() || '254708374149';
    if (Number.isInteger(amount) && amount > 0 && /^254[17]\d{8}$/.test(phone)) {
      await payBill({
        businessNumber: form.get('business')?.trim() ?? '',
        account: form.get('account')?.trim() ?? '',
        amount,
        phone,
      });
    }
    return c.redirect('/__mpesa', 303);
  });
  app.post('/__mpesa/:checkoutRequestId/:action', (c) => {
    const { checkoutRequestId, action } = c.req.param();
    const outcome = Object.hasOwn(MANUAL_ACTIONS, action) ? MANUAL_ACTIONS[action] : undefined;
    const tx = transactions.get(checkoutRequestId);
    if (outcome && tx && !tx.result) settle(tx, outcome);
    return c.redirect('/__mpesa', 303);
  });

  app.post('/mpesa/c2b/v1/registerurl', (c) => {
    const body = c.get('body') as Record<string, unknown>;
    const problem = checkRegistration(body, opts.shortcode);
    if (problem) return fault(c, problem);
    c2bUrls.set(opts.shortcode, {
      validationUrl: String(body.ValidationURL),
      confirmationUrl: String(body.ConfirmationURL),
      responseType: body.ResponseType as C2bRegistration['responseType'],
    });
    return c.json({ OriginatorCoversationID: randomUUID(), ResponseCode: '0', ResponseDescription: 'Success' });
  });

  app.post('/mpesa/c2b/v1/simulate', (c) => {
    const body = c.get('body') as Record<string, unknown>;
    if (String(body.ShortCode ?? '') !== opts.shortcode) return fault(c, badField('ShortCode'));
    if (body.CommandID !== 'CustomerPayBillOnline' && body.CommandID !== 'CustomerBuyGoodsOnline')
      return fault(c, badField('CommandID'));
    const amount = Number(body.Amount);
    if (!Number.isInteger(amount) || amount < 1) return fault(c, badField('Amount'));
    if (!/^254[17]\d{8}$/.test(String(body.Msisdn ?? ''))) return fault(c, badField('Msisdn'));
    const input = {
      businessNumber: opts.shortcode,
      account: String(body.BillRefNumber ?? ''),
      amount,
      phone: String(body.Msisdn),
    };
    void payBill(input);
    return c.json({
      OriginatorCoversationID: randomUUID(),
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  });

  async function payBill(input: PaybillInput): Promise<PaybillPayment> {
    const payment: PaybillPayment = {
      input,
      transId: receiptNumber(),
      validation: 'no URLs registered',
      completed: false,
      confirmation: null,
    };
    paybillPayments.unshift(payment);
    if (paybillPayments.length > HISTORY) paybillPayments.pop();
    const urls = c2bUrls.get(input.businessNumber);
    if (!urls || closed) return payment;
    const notice = c2bNotice(input, payment.transId, darajaTimestamp());
    const answer = await postForAnswer(urls.validationUrl, notice);
    payment.validation = answer ? String(answer.ResultCode) : `unreachable: ${urls.responseType}`;
    payment.completed = answer ? payment.validation === '0' : urls.responseType === 'Completed';
    if (!payment.completed || closed) return payment;
    payment.confirmation = notice;
    await postForAnswer(urls.confirmationUrl, notice);
    return payment;
  }

  // Daraja's gateway answers a path it does not know like this, before looking at the token.
  app.notFound((c) => fault(c, { status: 404, errorCode: '404.001.01', errorMessage: 'Resource not found' }));

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
    b2c,
    payBill,
    paybillPayments,
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

interface ConversationIds {
  OriginatorConversationID: string;
  ConversationID: string;
}

function reversalResult(
  ids: ConversationIds,
  code: string | number,
  desc: string,
  body: Record<string, unknown>,
  extra: object = {},
): object {
  return {
    Result: {
      ResultType: 0,
      ResultCode: code,
      ResultDesc: desc,
      ...ids,
      TransactionID: String(body.TransactionID),
      ...extra,
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: String(body.QueueTimeOutURL) } },
    },
  };
}

// The time-out notice's body is not documented; this mirrors the result shape with a time-out code.
function reversalTimeout(ids: ConversationIds): object {
  return {
    Result: { ResultType: 1, ResultCode: 'SVC0403', ResultDesc: 'The request timed out in the queue.', ...ids },
  };
}

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
function pick(alphabet: string, n: number): string {
  return [...randomBytes(n)].map((b) => alphabet[b % alphabet.length]).join('');
}
const rand = (n: number) => pick(DIGITS, n);
/** Receipt numbers look like M-Pesa's: ten capitals and digits, starting with letters. */
const receiptNumber = () => pick(UPPER, 3) + pick(UPPER + DIGITS, 7);
