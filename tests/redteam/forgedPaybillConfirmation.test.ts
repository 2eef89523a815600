// Attack: a forged Paybill (C2B) confirmation, sent with the callback secret, naming an open purchase's
// account number (issue 23, finding 2). It used to mark the purchase paid, open its episodes and credit the
// creator. Now a confirmation is only recorded and asked about with Transaction Status by its TransID; a
// made-up TransID, another amount, another business number, an unknown account, a real TransID replayed for
// another purchase and a confirmation contradicting its validation all end held for an admin: no access, no
// ledger line, no 5xx. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { beforeEach, expect, it } from 'vitest';
import { registerPaybillUrls } from '#server/modules/payments/registerPaybillUrls.ts';
import { paybillUrls } from '#server/modules/payments/paybillUrls.ts';
import { listAllPurchases } from '#server/modules/admin/listAllPurchases.ts';
import { PHONES, withReceiptChecks, worldForEachTest, openPurchase } from '#tests/support/paymentsWorld.ts';
import { make } from '#tests/support/factories/index.ts';

// The learner's prompt stays open: only a Paybill payment could settle the purchase.
const w = worldForEachTest({}, { promptTimeoutMs: 600_000 });
beforeEach(async () => {
  expect(await registerPaybillUrls(w.running.services)).toBe(true);
});

let attempts = 0;
async function post(url: string, body: object): Promise<number> {
  attempts++;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.status;
}

const notice = (over: Record<string, unknown>) => ({
  TransactionType: 'Pay Bill',
  TransTime: '20261127101010',
  InvoiceNumber: '',
  OrgAccountBalance: '',
  ThirdPartyTransID: '',
  MSISDN: '2547 ***** 149',
  FirstName: 'Mallory',
  ...over,
});

/** Nothing moved: the purchase is still open, nobody is enrolled, the ledger is empty. */
async function nothingMoved(paymentId: string) {
  const db = w.t.db;
  const p = await db.selectFrom('payment').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
  const enrolled = await db.selectFrom('enrollment').select('id').where('paymentId', '=', paymentId).execute();
  const lines = await db.selectFrom('journalLine').select('id').execute();
  return { status: p.status, enrolled: enrolled.length, ledgerLines: lines.length };
}

/** Runs the Transaction Status checks until no confirmation is being checked any more. */
const checked = () =>
  withReceiptChecks(
    w,
    async () =>
      (await w.t.db.selectFrom('mpesaIncoming').select('id').where('state', '=', 'checking').execute()).length === 0,
  );

it('a forged confirmation grants nothing, whatever it names, and is held for an admin with the reason', async () => {
  const victim = await openPurchase(w, 1500);
  const { confirmationUrl, validationUrl } = paybillUrls(w.running.services.config);
  const base = { BusinessShortCode: victim.paybill.businessNumber, BillRefNumber: victim.paybill.account };
  const statuses = [
    // A made-up TransID, right account and amount: M-Pesa has no record of it.
    await post(confirmationUrl, notice({ ...base, TransID: 'FAKE000001', TransAmount: '1500.00' })),
    // Wrong amount, wrong business number, unknown account.
    await post(confirmationUrl, notice({ ...base, TransID: 'FAKE000002', TransAmount: '1.00' })),
    await post(
      confirmationUrl,
      notice({ ...base, TransID: 'FAKE000003', TransAmount: '1500.00', BusinessShortCode: '999999' }),
    ),
    await post(
      confirmationUrl,
      notice({ ...base, TransID: 'FAKE000004', TransAmount: '1500.00', BillRefNumber: '0000000' }),
    ),
  ];
  // A validation M-Pesa never sent, then a confirmation naming another account than the validated one.
  const mine = await openPurchase(w, 1500);
  statuses.push(
    await post(
      validationUrl,
      notice({ ...base, BillRefNumber: mine.paybill.account, TransID: 'FAKE000005', TransAmount: '1500.00' }),
    ),
    await post(confirmationUrl, notice({ ...base, TransID: 'FAKE000005', TransAmount: '1500.00' })),
  );
  // Repeats of all of the above.
  statuses.push(await post(confirmationUrl, notice({ ...base, TransID: 'FAKE000001', TransAmount: '1500.00' })));
  expect(statuses.every((s) => s === 200)).toBe(true);
  await checked();
  expect(await nothingMoved(victim.payment.id)).toEqual({ status: 'pending', enrolled: 0, ledgerLines: 0 });
  expect(await nothingMoved(mine.payment.id)).toEqual({ status: 'pending', enrolled: 0, ledgerLines: 0 });
  const held = await w.t.db
    .selectFrom('mpesaIncoming')
    .select(['transId', 'state', 'reason'])
    .orderBy('transId')
    .execute();
  expect(held.map((h) => [h.transId, h.state])).toEqual([
    ['FAKE000001', 'held'],
    ['FAKE000002', 'held'],
    ['FAKE000003', 'held'],
    ['FAKE000004', 'held'],
    ['FAKE000005', 'held'],
  ]);
  expect(held[0]!.reason).toMatch(/no record/);

  // The admin sees why, on the purchases page.
  const admin = await make.actor(w.t.db, { role: 'admin' });
  const page = await listAllPurchases(w.running.services, admin, {});
  const row = page.items.find((i) => i.id === victim.payment.id)!;
  expect(row.otherMoney.map((m) => m.state)).toEqual(['held', 'held', 'held']);
  expect(row.status).toBe('pending');
});

it('a real TransID replayed for another purchase at the same price grants that purchase nothing', async () => {
  const attacker = await openPurchase(w, 1200);
  const victim = await openPurchase(w, 1200);
  const real = await w.sim.payBill({ ...attacker.paybill, amount: 1200, phone: PHONES.success });
  expect(real.completed).toBe(true);
  const { confirmationUrl } = paybillUrls(w.running.services.config);
  const forged = { ...(real.confirmation as object), BillRefNumber: victim.paybill.account };
  // Before and after the real one is checked.
  expect(await post(confirmationUrl, forged)).toBe(200);
  await checked();
  expect(await post(confirmationUrl, forged)).toBe(200);
  await checked();
  const victimState = await nothingMoved(victim.payment.id);
  expect(victimState).toMatchObject({ status: 'pending', enrolled: 0 });
  // The attacker's own payment settled their own purchase, once.
  const mine = await w.t.db
    .selectFrom('payment')
    .select('status')
    .where('id', '=', attacker.payment.id)
    .executeTakeFirstOrThrow();
  expect(mine.status).toBe('paid');
  const sales = await w.t.db.selectFrom('journalEntry').select('paymentId').where('kind', '=', 'sale').execute();
  expect(sales).toEqual([{ paymentId: attacker.payment.id }]);
  // 7 forged requests in the first test, 2 here.
  expect(attempts).toBe(9);
});
