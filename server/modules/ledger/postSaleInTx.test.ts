// A sale in the ledger: the paybill received the price, Darasa keeps its fee, the creator is owed the rest
// once the holding period is over; the fee percent is recorded, and a sale is posted once.
// Runs on SQLite and PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { creatorBalancesInTx } from './creatorBalancesInTx.ts';
import { platformRevenueInTx } from './platformRevenueInTx.ts';
import { postSaleInTx } from './postSaleInTx.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const soldAt = new Date(Date.UTC(2026, 5, 1, 8));
const sell = (sale: { paymentId: string; courseId: string; amount: number }, feePercent = 10) =>
  postSaleInTx(t.db, { ...sale, feePercent, holdDays: 3, now: soldAt });
const balances = (creatorId: string, now: Date) => creatorBalancesInTx(t.db, { creatorId, now });
const revenue = () => platformRevenueInTx(t.db, { from: null, to: null });

it('splits the price, holds the creator’s share for the holding period and records the fee percent', async () => {
  const { creator, course } = await make.creatorWithCourse(t.db, { price: 1555 });
  const payment = await make.payment(t.db, { buyer: creator, course });
  const before = await revenue();
  await sell({ paymentId: payment.id, courseId: course.id, amount: 1555 });
  expect(await balances(creator.id, soldAt)).toEqual({
    pending: 1399,
    available: 0,
    inFlight: 0,
    paidOut: 0,
  });
  expect(await balances(creator.id, new Date(soldAt.getTime() + 3 * DAY))).toMatchObject({
    pending: 0,
    available: 1399,
  });
  expect((await revenue()) - before).toBe(156);
  const entry = await t.db
    .selectFrom('journalEntry')
    .selectAll()
    .where('paymentId', '=', payment.id)
    .executeTakeFirstOrThrow();
  expect(entry).toMatchObject({ kind: 'sale', creatorId: creator.id, courseId: course.id, feePercent: 10 });
});

it('posts a sale once, however often the payment is settled', async () => {
  const { creator, course } = await make.creatorWithCourse(t.db, { price: 1000 });
  const payment = await make.payment(t.db, { buyer: creator, course });
  const sale = { paymentId: payment.id, courseId: course.id, amount: 1000 };
  await sell(sale);
  await sell(sale, 30);
  expect(await balances(creator.id, new Date(soldAt.getTime() + 3 * DAY))).toMatchObject({
    available: 900,
  });
});
