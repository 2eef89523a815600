import { simulatorCredentials } from './simulatorDaraja.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { createMpesaSimulator, type MpesaSimulator } from '#simulators/mpesa/createMpesaSimulator.ts';
import type { SimulatorOptions } from '#simulators/mpesa/simulatorTypes.ts';
import type { Running } from '#server/composition/startServer.ts';
import { startJobWorker } from '#server/jobs/jobWorker.ts';
import { checkReceiptJob } from '#server/modules/payments/checkReceiptJob.ts';
import { checkIncomingJob } from '#server/modules/payments/checkIncomingJob.ts';
import { checkReversalJob } from '#server/modules/payments/checkReversalJob.ts';
import { returnExtraJob } from '#server/modules/payments/returnExtraJob.ts';
import { sendRefundNoticeJob } from '#server/modules/payments/sendRefundNoticeJob.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import type { Services } from '#server/core/services.ts';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { eventually } from './eventually.ts';
import { make } from './factories/index.ts';
import { startTestServer } from './startTestServer.ts';
import { createTestDatabase, type TestDatabase } from './testDatabase.ts';

export const PHONES = {
  success: '254708374149',
  cancelled: '254700000001',
  timeout: '254700001037',
  expired: '254700001019',
  insufficient: '254700000011',
  wrongPin: '254700002001',
  rule17: '254700000017',
  /** Answers with the textual ResultCode "SFC_IC0003". */
  textCode: '254700000003',
  noCallback: '254700000404',
  duplicates: '254700000002',
  late: '254700000408',
  /** Not scripted: waits for the test to answer, like a person in manual mode. */
  manual: '254711222333',
} as const;

export interface World {
  t: TestDatabase;
  sim: MpesaSimulator;
  running: Running;
  /** Where the first server listens. */
  url: string;
  start(env?: Record<string, string>): Promise<Running>;
  close(): Promise<void>;
}

export async function startWorld(
  env: Record<string, string> = {},
  sim: Partial<SimulatorOptions> = {},
): Promise<World> {
  const t = await createTestDatabase();
  const simulator = await createMpesaSimulator({
    ...simulatorCredentials(),
    callbackDelayMs: 10,
    mode: 'manual',
    ...sim,
  });
  const servers: Running[] = [];
  const start = async (more: Record<string, string> = {}) => {
    const running = await startTestServer(t, {
      MPESA_BASE_URL: simulator.url,
      PAYMENT_RECONCILE_INTERVAL_MS: '0',
      ...env,
      ...more,
    });
    servers.push(running);
    return running;
  };
  const running = await start();
  return {
    t,
    sim: simulator,
    running,
    url: running.url,
    start,
    async close() {
      for (const s of servers) await s.stop();
      await simulator.close();
      await t.close();
    },
  };
}

/**
 * A world for the tests of one file: started before they run, closed after. Read it inside tests and hooks
 * (it exists once the file's tests start); a `beforeAll` registered after this call sees it started.
 */
export function worldForFile(env: Record<string, string> = {}, sim: Partial<SimulatorOptions> = {}): World {
  return worldBetween(beforeAll, afterAll, env, sim);
}

/** The same, but a new world for each test, closed after it. */
export function worldForEachTest(env: Record<string, string> = {}, sim: Partial<SimulatorOptions> = {}): World {
  return worldBetween(beforeEach, afterEach, env, sim);
}

function worldBetween(
  before: typeof beforeAll,
  after: typeof afterAll,
  env: Record<string, string>,
  sim: Partial<SimulatorOptions>,
): World {
  let current: World | undefined;
  before(async () => {
    current = await startWorld(env, sim);
  });
  after(async () => {
    await current?.close();
    current = undefined;
  });
  const now = (): World => {
    if (!current) throw new Error('the world exists only inside tests and hooks');
    return current;
  };
  return {
    get t() {
      return now().t;
    },
    get sim() {
      return now().sim;
    },
    get running() {
      return now().running;
    },
    get url() {
      return now().url;
    },
    start: (more) => now().start(more),
    close: () => now().close(),
  };
}

/** STK pushes the simulator received (accepted or not). */
export function pushes(sim: MpesaSimulator) {
  return sim.received.filter((r) => r.path === '/mpesa/stkpush/v1/processrequest');
}

let keys = 0;
export const newKey = () => `key-${process.pid}-${++keys}-${Math.random().toString(36).slice(2, 10)}`;

/** Starts buying `course` at its price from `phone`: a paid course, so an STK push goes out. */
export async function startMpesaPayment(
  world: World,
  actor: SessionUser,
  course: { id: string; price: number },
  phone: string,
  services: Services = world.running.services,
) {
  const r = await startPayment(services, actor, {
    courseId: course.id,
    amount: course.price,
    phone,
    idempotencyKey: newKey(),
  });
  if (r.kind !== 'payment') throw new Error('expected a payment');
  return r.payment;
}

/** A buyer who has started buying a new course at `price` with an M-Pesa prompt nobody answers yet. */
export async function openPurchase(world: World, price: number) {
  const buyer = await make.actor(world.t.db);
  const { course } = await make.creatorWithCourse(world.t.db, { price });
  const payment = await startMpesaPayment(world, buyer, course, PHONES.manual);
  return { buyer, course, payment, paybill: payment.paybill! };
}

/** The payment as its payer sees it once settled (no longer created or pending). */
export function settledPayment(world: World, actor: SessionUser, paymentId: string) {
  return eventually(async () => {
    const p = await getPaymentForPayer(world.running.services, actor, { paymentId });
    return p.status !== 'pending' && p.status !== 'created' ? p : null;
  });
}

/**
 * Buys `course` with an M-Pesa prompt to `phone` and waits for the outcome; paid, also for the receipt
 * number Transaction Status confirms (refunds need it). Answers the payment as its payer then sees it.
 */
export async function buyWithMpesa(
  world: World,
  buyer: SessionUser,
  course: { id: string; price: number },
  phone: string,
) {
  const started = await startMpesaPayment(world, buyer, course, phone);
  const done = await settledPayment(world, buyer, started.id);
  if (done.status !== 'paid') return done;
  await confirmedReceipt(world, done.id);
  return getPaymentForPayer(world.running.services, buyer, { paymentId: done.id });
}

/**
 * The payment's M-Pesa receipt number once Transaction Status confirmed it. Test servers run no job worker,
 * so this runs one for the receipt checks only while it waits.
 */
export async function confirmedReceipt(world: World, paymentId: string): Promise<string> {
  return withReceiptChecks(world, async () => {
    const p = await world.t.db
      .selectFrom('payment')
      .select(['mpesaReceipt', 'receiptCheck'])
      .where('id', '=', paymentId)
      .executeTakeFirstOrThrow();
    return p.receiptCheck === 'confirmed' ? p.mpesaReceipt : null;
  });
}

/** The jobs that check money with M-Pesa and act on the answers (test servers run no job worker). */
const MONEY_JOBS = [checkReceiptJob, checkIncomingJob, returnExtraJob, checkReversalJob, sendRefundNoticeJob];

/**
 * Runs the money checks (receipts, Paybill confirmations and second payments, reversals) and the refund
 * notices until `check` answers a value.
 */
export async function withReceiptChecks<T>(world: World, check: () => Promise<T | null | undefined | false>) {
  const worker = startJobWorker(world.running.services, MONEY_JOBS, { concurrency: 1, pollMs: 20 });
  try {
    return await eventually(check);
  } finally {
    await worker.stop();
  }
}

/** Runs the reversal checks until the payment's refund is no longer requested; its status then ('done', 'failed'). */
export function refundSettled(world: World, paymentId: string) {
  return withReceiptChecks(world, async () => {
    const r = await world.t.db
      .selectFrom('refund')
      .select('status')
      .where('paymentId', '=', paymentId)
      .executeTakeFirst();
    return r && r.status !== 'requested' ? r.status : null;
  });
}
