// A journal entry is balanced, in whole shillings, and posted once per (kind, payment) or (kind, payout).
// Runs on SQLite and PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { make } from '#tests/support/factories/index.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { type EntryInput, postEntryInTx } from './postEntryInTx.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

const post = (e: Omit<EntryInput, 'now'>) => postEntryInTx(t.db, { ...e, now: new Date() });
const lines = async (paymentId: string) =>
  (
    await t.db
      .selectFrom('journalLine as l')
      .innerJoin('journalEntry as e', 'e.id', 'l.entryId')
      .select(['l.account', 'l.amount'])
      .where('e.paymentId', '=', paymentId)
      .execute()
  ).map((l) => [l.account, Number(l.amount)]);

async function paymentId() {
  const { creator, course } = await make.creatorWithCourse(t.db);
  return (await make.payment(t.db, { buyer: creator, course })).id;
}

it('refuses lines that do not sum to zero or are not whole shillings, posting nothing', async () => {
  const id = await paymentId();
  const adjustment = (fees: number, paybill: number) =>
    post({
      kind: 'adjustment',
      paymentId: id,
      lines: [
        { account: 'platform_fees', amount: fees },
        { account: 'mpesa_paybill', amount: paybill },
      ],
    });
  await expect(adjustment(10, -9)).rejects.toThrow('lines do not sum to zero');
  await expect(adjustment(10.5, -10.5)).rejects.toThrow('whole KES');
  expect(await lines(id)).toEqual([]);
});

it('posts an entry once per kind and payment: a replay changes nothing', async () => {
  const id = await paymentId();
  const entry = {
    kind: 'adjustment' as const,
    paymentId: id,
    lines: [
      { account: 'platform_fees' as const, amount: 10 },
      { account: 'mpesa_paybill' as const, amount: -10 },
      { account: 'creator_payable' as const, amount: 0 },
    ],
  };
  expect(await post(entry)).toBe(true);
  expect(await post(entry)).toBe(false);
  // Zero lines are left out.
  expect((await lines(id)).sort()).toEqual([
    ['mpesa_paybill', -10],
    ['platform_fees', 10],
  ]);
});
