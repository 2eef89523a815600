// The install's callback secrets are never kept where someone could read them later (decision 0041): a
// purchase (STK push, callback, receipt check), its refund (reversal and its result), a payout (B2C
// request and result, which echoes our QueueTimeOutURL) and an SMS code (delivery report) run through the
// simulators against the real server in its own process, logging everything (trace); then every text
// column of every table and every line the process wrote are searched for each secret: no hit. The test's
// own configuration, on the same DATA_DIR, reads the same generated secrets as the server process.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMS_SIMULATOR_CREDENTIALS } from '#common/simulators.ts';
import { urlSecrets } from '#server/config/config.ts';
import type { Services } from '#server/core/services.ts';
import { withdraw } from '#server/modules/payouts/withdraw.ts';
import { createMpesaSimulator, type MpesaSimulator } from '#simulators/mpesa/createMpesaSimulator.ts';
import { createSmsSimulator, type SmsSimulator } from '#simulators/sms/createSmsSimulator.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';
import { PHONES, newKey } from '#tests/support/paymentsWorld.ts';
import { B2C_PHONES } from '#tests/support/payoutsWorld.ts';
import { type ChildServer, startServerProcess } from '#tests/support/serverProcess.ts';
import { signedIn, visitor } from '#tests/support/signedIn.ts';
import { simulatorCredentials } from '#tests/support/simulatorDaraja.ts';
import { testServerEnv } from '#tests/support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';

let t: TestDatabase;
let mpesa: MpesaSimulator;
let sms: SmsSimulator;
let server: ChildServer;
let services: Services;
beforeAll(async () => {
  t = await createTestDatabase();
  mpesa = await createMpesaSimulator({ ...simulatorCredentials(), callbackDelayMs: 10, mode: 'manual' });
  sms = await createSmsSimulator({ ...SMS_SIMULATOR_CREDENTIALS, reportDelayMs: 10 });
  const env = testServerEnv(t, {
    MPESA_BASE_URL: mpesa.url,
    SMS_BASE_URL: sms.url,
    LOG_LEVEL: 'trace',
    JOB_CONCURRENCY: '1',
    MPESA_C2B_REGISTER: 'true',
  });
  server = await startServerProcess(env);
  services = testServices(t, env);
  sms.setDeliveryReportUrl(`${server.url}/api/sms/delivery/${services.config.sms.deliveryReportSecret}`);
}, 120_000);
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await mpesa?.close();
  await sms?.close();
  await t?.close();
});

/** Waits until the server has logged an answer on `route` (its pattern, as the request log names it). */
const answered = (route: string) => eventually(async () => server.output().includes(`"route":"${route}","status":200`));

it('a purchase, its refund, a payout and an SMS leave no secret in any table or log line', async () => {
  const site = { url: server.url, t };
  const learner = await signedIn(site, 'customer');
  const admin = await signedIn(site, 'admin');
  const { course } = await make.creatorWithCourse(t.db, { price: 1500 });

  const started = await learner.request('/api/payments', {
    method: 'POST',
    json: { courseId: course.id, amount: course.price, phone: PHONES.success, idempotencyKey: newKey() },
  });
  expect(started.status).toBe(202);
  const { payment } = (await started.json()) as { payment: { id: string } };
  await eventually(async () => {
    const p = await t.db
      .selectFrom('payment')
      .select(['status', 'receiptCheck'])
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    return p.status === 'paid' && p.receiptCheck === 'confirmed';
  });

  const refund = await admin.request(`/api/admin/purchases/${payment.id}/refund`, {
    method: 'POST',
    json: { reason: 'Asked for by the learner' },
  });
  expect(refund.status).toBe(200);
  await answered('/api/mpesa/reversal/:secret');

  const creator = await make.creatorWithEarnings(services, { phone: B2C_PHONES.paid });
  const { payoutId } = await withdraw(services, creator, {});
  await eventually(async () => {
    const p = await t.db.selectFrom('payout').select('status').where('id', '=', payoutId).executeTakeFirstOrThrow();
    return p.status === 'paid';
  });
  await answered('/api/mpesa/b2c/:kind{result|timeout}/:secret');

  const code = await visitor(site).request('/api/account/phone/code', {
    method: 'POST',
    json: { purpose: 'sign-up', name: 'Achieng', phone: '0712 300 901', role: 'customer' },
  });
  expect(code.status).toBe(201);
  await answered('/api/sms/delivery/:secret');

  const secrets = urlSecrets(services.config);
  expect(secrets).toHaveLength(3);
  // Every table, every row, every column: what the database would give anyone who reads it or a backup.
  const tables = await t.db.introspection.getTables();
  expect(tables.length).toBeGreaterThan(20);
  let cells = 0;
  for (const table of tables) {
    const rows = await t.db
      .selectFrom(table.name as 'payment')
      .selectAll()
      .execute();
    for (const row of rows)
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string') continue;
        cells++;
        for (const secret of secrets) expect(value, `${table.name}.${column}`).not.toContain(secret);
      }
  }
  expect(cells).toBeGreaterThan(100);
  // The raw messages kept are there, without the secret (the STK request we sent names our CallBackURL).
  const kept = await t.db
    .selectFrom('payment')
    .select('rawRequest')
    .where('id', '=', payment.id)
    .executeTakeFirstOrThrow();
  expect(kept.rawRequest).toContain('/api/mpesa/callback/[redacted]');

  const lines = `${server.output()}${server.errors()}`;
  expect(lines.split('\n').length).toBeGreaterThan(20);
  for (const secret of secrets) expect(lines).not.toContain(secret);
}, 120_000);
