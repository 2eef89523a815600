// A server killed (SIGKILL) after M-Pesa accepted a payout and before its result came: the result finds
// nobody and Daraja does not resend it. Restarted on the same database, the payout scheduler asks M-Pesa
// (Transaction Status) and settles the payout paid, once, with the receipt: nothing lost, nothing doubled.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { creatorBalancesInTx } from '#server/modules/ledger/creatorBalancesInTx.ts';
import { withdraw } from '#server/modules/payouts/withdraw.ts';
import { createMpesaSimulator, type MpesaSimulator } from '#simulators/mpesa/createMpesaSimulator.ts';
import { startServerProcess } from '../support/serverProcess.ts';
import { testServerEnv } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { testServices } from '../support/testServices.ts';
import { make } from '#tests/support/factories/index.ts';
import { eventually } from '#tests/support/eventually.ts';
import { simulatorCredentials } from '#tests/support/simulatorDaraja.ts';

let t: TestDatabase;
let sim: MpesaSimulator;
const children: ChildProcess[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  // The result comes 1.5 s after the request: time to kill the server in between.
  sim = await createMpesaSimulator({ ...simulatorCredentials(), callbackDelayMs: 1500 });
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await sim.close();
  await t.close();
});

async function startProcess(): Promise<ChildProcess> {
  const { child } = await startServerProcess(
    testServerEnv(t, {
      NODE_ENV: 'test',
      JOB_CONCURRENCY: '1',
      MPESA_BASE_URL: sim.url,
      PAYOUT_TICK_S: '1',
      PAYOUT_QUERY_AFTER_S: '1',
      PAYMENT_RECONCILE_INTERVAL_MS: '0',
    }),
  );
  children.push(child);
  return child;
}

it('settles a payout whose result came while the server was dead, once', { timeout: 60_000 }, async () => {
  const services = testServices(t);
  const u = await make.user(t.db, { role: 'creator' });
  const course = await make.course(t.db, { creator: u, price: 2000 });
  await make.paidSale(services, { course: { id: course.id, price: 2000 }, at: new Date(Date.now() - 5 * 86_400_000) });
  await make.payoutAccount(t.db, { creatorId: u.id, phone: '254708374149' });

  const first = await startProcess();
  const { payoutId } = await withdraw(services, { userId: u.id, role: 'creator' }, {});
  const status = async () =>
    (await t.db.selectFrom('payout').selectAll().where('id', '=', payoutId).executeTakeFirstOrThrow()).status;
  await eventually(async () => (await status()) === 'sent');
  first.kill('SIGKILL');
  await new Promise((r) => first.once('exit', r));

  // M-Pesa pays and sends its result to the dead server.
  await eventually(async () => sim.b2c.payouts.get(payoutId)?.resultsSent === 1);
  expect(await status()).toBe('sent');

  await startProcess();
  await eventually(async () => (await status()) === 'paid', { interval: 100 });
  const p = await t.db.selectFrom('payout').selectAll().where('id', '=', payoutId).executeTakeFirstOrThrow();
  expect(p.receipt).toBe(sim.b2c.payouts.get(payoutId)!.receipt);
  expect(sim.received.filter((r) => r.path === '/mpesa/b2c/v3/paymentrequest')).toHaveLength(1);
  expect(await creatorBalancesInTx(t.db, { creatorId: u.id, now: new Date() })).toEqual({
    pending: 0,
    available: 0,
    inFlight: 0,
    paidOut: 1800,
  });
});
