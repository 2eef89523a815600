// A stand-in for Safaricom's Daraja API, speaking the same HTTP surface (OAuth, STK push, STK query,
// reversal, C2B, B2C, Transaction Status) and calling back like Daraja does. Outcomes are scripted by phone
// number (outcomes.ts, b2cOutcomes.ts); in manual mode a person answers prompts on /__mpesa. Used by demos,
// tests and the payments benchmark. This file holds OAuth, the gateway's checks and the assembly; each API
// area registers its own routes (stkPush.ts, reversal.ts, b2c.ts, c2b.ts, phoneRoutes.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { listenOnLoopback } from '#simulators/lib/listenOnLoopback.ts';
import { MANUAL_ACTIONS } from './outcomes.ts';
import { registerB2c, type B2cSimulator } from './b2c.ts';
import type { ReceivedRequest, SimTransaction, SimulatorOptions } from './simulatorTypes.ts';
import type { PaybillInput, PaybillPayment } from './paybill.ts';
import { HISTORY, type SimContext, type SimEnv } from './simContext.ts';
import { rand, receiptNumber } from './simIds.ts';
import { registerStkPush } from './stkPush.ts';
import { registerReversal } from './reversal.ts';
import { registerC2b } from './c2b.ts';
import { registerPhone } from './phoneRoutes.ts';
import { customerPayment } from './customerPayment.ts';

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
  const tokenTtl = opts.tokenTtlSeconds ?? 3599;
  const received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  // Live tokens and when each expires.
  const tokens = new Map<string, number>();
  let closed = false;

  const ctx: SimContext = {
    opts,
    delayMs: opts.callbackDelayMs ?? 3000,
    lateDelayMs: opts.lateDelayMs ?? 120_000,
    promptTimeoutMs: opts.promptTimeoutMs ?? 60_000,
    transactions: new Map<string, SimTransaction>(),
    paybillPayments: [],
    reversals: new Map(),
    later(ms, fn) {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    },
    isClosed: () => closed,
    fault: (c, f) =>
      c.json({ requestId: randomUUID(), errorCode: f.errorCode, errorMessage: f.errorMessage }, f.status as 400),
  };
  const { transactions, paybillPayments, fault } = ctx;

  const bearerOk = (c: Context) => {
    const m = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '');
    const expiresAt = m ? tokens.get(m[1]!) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt;
  };

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
    // Test credentials on loopback: a plain comparison will do.
    if (c.req.header('authorization') !== `Basic ${expected}`) {
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

  const { callbackBody, settle } = registerStkPush(app, ctx);
  registerReversal(app, ctx);
  const b2c = registerB2c(app, {
    delayMs: ctx.delayMs,
    lateDelayMs: ctx.lateDelayMs,
    floatKes: opts.b2cFloatKes ?? 1_000_000_000,
    later: ctx.later,
    isClosed: ctx.isClosed,
    fault,
    receiptNumber,
    rand,
    customerPayment: (transactionId, original) => customerPayment(ctx, transactionId, original),
  });
  const payBill = registerC2b(app, ctx);
  registerPhone(app, ctx, settle, payBill);

  // Daraja's gateway answers a path it does not know like this, before looking at the token.
  app.notFound((c) => fault(c, { status: 404, errorCode: '404.001.01', errorMessage: 'Resource not found' }));

  const listener = await listenOnLoopback(app.fetch, opts.port);

  return {
    url: listener.url,
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
      await listener.close();
    },
  };
}
