// The purchase receipt after M-Pesa settlement: queued in the settling transaction, sent by the job
// worker as an SMS in the learner's language (and an e-mail when they have one); a gateway that cannot
// take the SMS never holds up the payment, and the job retries. SQLite, or PostgreSQL with TEST_DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Services } from '#server/core/services.ts';
import { startJobWorker } from '#server/jobs/jobWorker.ts';
import { jobDefinitions } from '#server/composition/jobTypes.ts';
import { toIso } from '#server/db/values.ts';
import { handleReceiptResult } from '#server/modules/payments/handleReceiptResult.ts';
import { RECEIPT_WAIT_MS } from '#server/modules/payments/sendReceiptJob.ts';
import { settlePayment } from '#server/modules/payments/settlePayment.ts';
import { createSmsSimulator, type SmsSimulator } from '#simulators/sms/createSmsSimulator.ts';
import { eventually } from '#tests/support/eventually.ts';
import { transactionStatusResult } from '#tests/support/transactionStatusResult.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { make } from '#tests/support/factories/index.ts';

let t: TestDatabase;
let sim: SmsSimulator;
let services: Services;
const apiKey = 'receipt-test-key';
beforeAll(async () => {
  t = await createTestDatabase();
  sim = await createSmsSimulator({ username: 'sandbox', apiKey });
  services = testServices(t, { SMS_BASE_URL: sim.url, AT_API_KEY: apiKey });
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

async function pendingPayment(s: Services, learner: { phone: string; locale: 'en' | 'sw'; email: string | null }) {
  const creator = await make.user(t.db);
  const course = await make.course(t.db, { creator, title: 'Kilimo Bora', price: 1500 });
  const user = await make.user(t.db, { role: 'customer', ...learner });
  const id = await make.pendingPayment(t.db, {
    userId: user.id,
    courseId: course.id,
    amount: 1500,
    phone: '254799000111',
  });
  const settled = await settlePayment(s, {
    paymentId: id,
    outcome: 'paid',
    resultCode: 0,
    resultDesc: 'ok',
    receipt: 'SGR7Q2XK4M',
  });
  return { id, settled };
}

/** M-Pesa's Transaction Status answer confirming the receipt number (its checks: paymentsReceipts.test.ts). */
async function receiptConfirmed(s: Services, id: string) {
  const { confirmed } = await handleReceiptResult(s, {
    secret: s.config.mpesa.callbackSecret,
    paymentId: id,
    body: transactionStatusResult('SGR7Q2XK4M', 1500, '254799000111'),
  });
  expect(confirmed).toBe(true);
}

/** The receipt jobs of a payment, by channel. */
const receiptJobRows = async (id: string) =>
  (await t.db.selectFrom('job').selectAll().where('type', '=', 'payments.sendReceipt').execute()).filter(
    (j) => JSON.parse(j.payload).paymentId === id,
  );

async function runJobsUntil(s: Services, done: () => Promise<boolean>) {
  const worker = startJobWorker(s, jobDefinitions, { concurrency: 1, pollMs: 20 });
  try {
    await eventually(done);
  } finally {
    await worker.stop();
  }
}

it('sends the receipt by SMS in Kiswahili and by e-mail', async () => {
  const { id, settled } = await pendingPayment(services, {
    phone: '+254712600001',
    locale: 'sw',
    email: 'soma@example.com',
  });
  expect(settled?.payment.status).toBe('paid');
  const jobs = await t.db.selectFrom('job').select(['type', 'payload']).where('payload', 'like', `%${id}%`).execute();
  expect(jobs.map((j) => JSON.parse(j.payload).channel ?? j.type).sort()).toEqual([
    'email',
    'payments.checkReceipt',
    'sms',
  ]);
  // Queued to wait for M-Pesa's word on the receipt number, which runs them at once when it comes.
  const queuedFor = (await receiptJobRows(id)).map((j) => Date.parse(toIso(j.runAt)) - Date.now());
  expect(Math.min(...queuedFor)).toBeGreaterThan(RECEIPT_WAIT_MS / 2);
  await receiptConfirmed(services, id);
  expect((await receiptJobRows(id)).every((j) => Date.parse(toIso(j.runAt)) <= Date.now())).toBe(true);
  await runJobsUntil(services, async () => sim.messages.some((m) => m.to === '+254712600001'));
  const sms = sim.messages.find((m) => m.to === '+254712600001')!;
  expect(sms.message).toBe(
    `Darasa: malipo yamepokelewa. KES 1,500 kwa "Kilimo Bora". Kumbukumbu ya M-Pesa SGR7Q2XK4M. Tazama sasa: ${services.config.publicUrl}/learn/${settled!.payment.courseId}/1`,
  );
  const outbox = path.join(t.dataDir, 'outbox');
  const receiptMailed = async () =>
    fs.existsSync(outbox) &&
    fs
      .readdirSync(outbox)
      .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
      .some((m) => m.includes('soma@example.com') && m.includes('SGR7Q2XK4M'));
  // Waits for the mail itself, not just the outbox folder (made a moment before the file).
  await runJobsUntil(services, receiptMailed);
  expect(await receiptMailed()).toBe(true);
});

it('settles even when the SMS gateway is down, and the receipt job retries', async () => {
  const down = testServices(t, { SMS_BASE_URL: 'http://127.0.0.1:9', AT_API_KEY: apiKey });
  const { id, settled } = await pendingPayment(down, { phone: '+254712600002', locale: 'en', email: null });
  expect(settled?.payment.status).toBe('paid');
  await receiptConfirmed(down, id);
  const smsJob = async () =>
    t.db
      .selectFrom('job')
      .selectAll()
      .where('payload', 'like', `%${id}%`)
      .where('payload', 'like', '%"sms"%')
      .executeTakeFirstOrThrow();
  await runJobsUntil(down, async () => (await smsJob()).attempts > 0 && (await smsJob()).status !== 'running');
  const job = await smsJob();
  expect(job.status).toBe('queued'); // waiting for its retry, not failed for good
  expect(job.lastError).toMatch(/receipt SMS not sent/);
  expect(sim.messages.some((m) => m.to === '+254712600002')).toBe(false);
});
