// Attack class: money taken twice (issue 23, finding 4). A learner pays by Paybill while the phone prompt is
// still open and then also enters the PIN; or pays by Paybill twice; or answers two prompts for one course.
// M-Pesa takes the money each time. Now every second payment is recorded once M-Pesa's Transaction Status
// confirms it, shown to the learner and the admin, returned automatically through a reversal that
// Transaction Status confirms, and the ledger keeps it apart from the creator's earnings: one sale, the
// second payment in and out again. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { beforeEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SessionUser } from '#server/core/actor.ts';
import { registerPaybillUrls } from '#server/modules/payments/registerPaybillUrls.ts';
import { listMyPurchases } from '#server/modules/payments/listMyPurchases.ts';
import { listAllPurchases } from '#server/modules/admin/listAllPurchases.ts';
import {
  PHONES,
  startMpesaPayment,
  withReceiptChecks,
  worldForEachTest,
  openPurchase,
} from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';

const w = worldForEachTest({}, { promptTimeoutMs: 600_000 });
beforeEach(async () => {
  expect(await registerPaybillUrls(w.running.services)).toBe(true);
});

async function checkoutOf(paymentId: string) {
  const p = await w.t.db
    .selectFrom('payment')
    .select('checkoutRequestId')
    .where('id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return p.checkoutRequestId!;
}

/** Runs the money jobs until every second payment of the purchase is returned; answers their states. */
async function returned(paymentIds: string[], count: number) {
  return withReceiptChecks(w, async () => {
    const rows = await w.t.db
      .selectFrom('mpesaIncoming')
      .select('state')
      .where('paymentId', 'in', paymentIds)
      .where('state', 'in', ['extra', 'returning', 'returned', 'return_failed'])
      .execute();
    return rows.length === count && rows.every((r) => r.state === 'returned') ? rows.length : null;
  });
}

/** The ledger: balances per account, and the sales posted. */
async function ledger() {
  const balances = await w.t.db
    .selectFrom('journalLine')
    .select(['account', sql<number>`sum("amount")`.as('total')])
    .groupBy('account')
    .execute();
  const sales = await w.t.db.selectFrom('journalEntry').select('paymentId').where('kind', '=', 'sale').execute();
  const all = Object.fromEntries(balances.map((b) => [b.account, Number(b.total)]));
  return { paybill: all.mpesa_paybill ?? 0, owedToPayers: all.payer_refunds_due ?? 0, sales: sales.length };
}

async function shown(buyer: SessionUser, paymentId: string) {
  const mine = await listMyPurchases(w.running.services, buyer);
  const admin = await make.actor(w.t.db, { role: 'admin' });
  const page = await listAllPurchases(w.running.services, admin, {});
  return {
    learner: mine.find((p) => p.paymentId === paymentId)?.extraPayments,
    admin: page.items.find((p) => p.id === paymentId)?.otherMoney.map((m) => [m.amount, m.state]),
  };
}

it('Paybill, then the PIN on the still open prompt: the second payment is returned', async () => {
  const p = await openPurchase(w, 1500);
  expect(await w.sim.payBill({ ...p.paybill, amount: 1500, phone: PHONES.success })).toMatchObject({ completed: true });
  await withReceiptChecks(w, async () => (await w.t.db.selectFrom('enrollment').select('id').execute()).length === 1);
  expect(w.sim.answer(await checkoutOf(p.payment.id), 'approve')).toBe(true);
  expect(await returned([p.payment.id], 1)).toBe(1);
  expect(await ledger()).toEqual({ paybill: 1500, owedToPayers: 0, sales: 1 });
  expect(await shown(p.buyer, p.payment.id)).toEqual({
    learner: [{ id: expect.any(String), amount: 1500, returned: true }],
    admin: [[1500, 'returned']],
  });
  const reversals = w.sim.received.filter((r) => r.path === '/mpesa/reversal/v1/request');
  expect(reversals.map((r) => (r.body as { Amount: number }).Amount)).toEqual([1500]);
});

it('Paybill twice into one account: one settles the purchase, the other is returned', async () => {
  const p = await openPurchase(w, 900);
  // Both pass validation while the purchase is still open (nothing is checked yet: no job runs).
  expect(await w.sim.payBill({ ...p.paybill, amount: 900, phone: PHONES.success })).toMatchObject({ completed: true });
  expect(await w.sim.payBill({ ...p.paybill, amount: 900, phone: PHONES.success })).toMatchObject({ completed: true });
  expect(await returned([p.payment.id], 1)).toBe(1);
  const states = await w.t.db.selectFrom('mpesaIncoming').select('state').orderBy('state').execute();
  expect(states.map((s) => s.state)).toEqual(['returned', 'settled']);
  expect(await ledger()).toEqual({ paybill: 900, owedToPayers: 0, sales: 1 });
  expect((await shown(p.buyer, p.payment.id)).learner).toEqual([
    { id: expect.any(String), amount: 900, returned: true },
  ]);
  expect((await w.t.db.selectFrom('enrollment').select('id').execute()).length).toBe(1);
});

it('two prompts answered for one course: the later payment is returned, not credited to the creator', async () => {
  const first = await openPurchase(w, 700);
  // We gave up on the first prompt; the learner started again and paid the second one.
  await w.t.db.updateTable('payment').set({ status: 'expired' }).where('id', '=', first.payment.id).execute();
  const second = await startMpesaPayment(w, first.buyer, first.course, PHONES.manual);
  expect(w.sim.answer(await checkoutOf(second.id), 'approve')).toBe(true);
  await eventually(async () => (await w.t.db.selectFrom('enrollment').select('id').execute()).length === 1 || null);
  // Then the first prompt, still on the phone, is answered too.
  expect(w.sim.answer(await checkoutOf(first.payment.id), 'approve')).toBe(true);
  expect(await returned([first.payment.id], 1)).toBe(1);
  expect(await ledger()).toEqual({ paybill: 700, owedToPayers: 0, sales: 1 });
  expect(await shown(first.buyer, first.payment.id)).toEqual({
    learner: [{ id: expect.any(String), amount: 700, returned: true }],
    admin: [[700, 'returned']],
  });
  const creatorEarnings = await w.t.db
    .selectFrom('journalLine')
    .select(sql<number>`sum("amount")`.as('total'))
    .where('account', '=', 'creator_payable')
    .executeTakeFirstOrThrow();
  // One sale's share, not two.
  expect(-Number(creatorEarnings.total)).toBeLessThan(700);
});
