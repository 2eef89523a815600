// A refund reverses its sale line for line, under the split the sale was made with: out of "pending" while
// the sale is held, out of "available" after, which goes negative when the money was already paid out.
// Runs on SQLite and PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Services } from '#server/core/services.ts';
import { make } from '#tests/support/factories/index.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { creatorBalancesInTx } from './creatorBalancesInTx.ts';
import { postEntryInTx } from './postEntryInTx.ts';
import { postRefundInTx } from './postRefundInTx.ts';

let t: TestDatabase;
let services: Services;
let adminId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  services = testServices(t, { PLATFORM_FEE_PERCENT: '10', PAYOUT_HOLD_DAYS: '3' });
  adminId = (await make.user(t.db, { role: 'admin' })).id;
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const soldAt = new Date(Date.UTC(2026, 5, 1, 8));
const refund = (paymentId: string, at: Date) => postRefundInTx(t.db, { paymentId, actorId: adminId, now: at });
const balances = (creatorId: string, at: Date) => creatorBalancesInTx(t.db, { creatorId, now: at });

async function sale(price = 1000) {
  const { creator, course } = await make.creatorWithCourse(t.db, { price });
  const paymentId = await make.paidSale(services, { course, at: soldAt });
  return { creatorId: creator.id, paymentId };
}

it('while the sale is held: the creator’s share leaves "pending"', async () => {
  const { creatorId, paymentId } = await sale();
  expect(await balances(creatorId, soldAt)).toMatchObject({ pending: 900, available: 0 });
  await refund(paymentId, new Date(soldAt.getTime() + DAY));
  expect(await balances(creatorId, new Date(soldAt.getTime() + DAY))).toMatchObject({ pending: 0, available: 0 });
  expect(await balances(creatorId, new Date(soldAt.getTime() + 10 * DAY))).toMatchObject({ pending: 0, available: 0 });
});

it('after the money was paid out: "available" goes negative, for later sales to repay', async () => {
  const { creatorId, paymentId } = await sale();
  const later = new Date(soldAt.getTime() + 4 * DAY);
  // The creator's 900 left as a payout.
  await postEntryInTx(t.db, {
    kind: 'payout',
    creatorId,
    lines: [
      { account: 'creator_payable', creatorId, amount: 900 },
      { account: 'mpesa_b2c', creatorId, amount: -900 },
    ],
    now: later,
  });
  await refund(paymentId, later);
  expect(await balances(creatorId, later)).toEqual({ pending: 0, available: -900, inFlight: 0, paidOut: 900 });
});

it('reverses with the sale’s own fee, and once', async () => {
  const { creatorId, paymentId } = await sale(1000);
  const at = new Date(soldAt.getTime() + DAY);
  await refund(paymentId, at);
  await refund(paymentId, at);
  const refunds = await t.db.selectFrom('journalEntry').selectAll().where('paymentId', '=', paymentId).execute();
  expect(refunds.map((e) => [e.kind, e.feePercent]).sort()).toEqual([
    ['refund', 10],
    ['sale', 10],
  ]);
  expect(await balances(creatorId, at)).toMatchObject({ pending: 0, available: 0 });
});
