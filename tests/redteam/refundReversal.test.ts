// Attack class: refunds that say more than M-Pesa did (issue 23, finding 5). A reversal that fails used to
// show "refunded", take access away and tell nobody; and a reversal result is an unsigned callback anyone
// with the secret could forge. Now a failed reversal leaves the purchase paid with "refund failed" and
// M-Pesa's reason, access kept and the learner told; forged reversal results (success or failure) and
// forged status answers change nothing, because only Transaction Status's answer about our own reversal
// request settles it. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterEach, expect, it } from 'vitest';
import type { SessionUser } from '#server/core/actor.ts';
import { refundPurchase } from '#server/modules/admin/refundPurchase.ts';
import { reversalResultUrl } from '#server/modules/payments/reversalResultUrl.ts';
import { listMyPurchases } from '#server/modules/payments/listMyPurchases.ts';
import type { SimulatorOptions } from '#simulators/mpesa/simulatorTypes.ts';
import { PHONES, startWorld, withReceiptChecks, type World, buyWithMpesa } from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { outbox } from '#tests/support/smsOutbox.ts';
import { make } from '#tests/support/factories/index.ts';

let w: World;
afterEach(async () => {
  await w.close();
});

async function paidPurchase(sim: Partial<SimulatorOptions> = {}) {
  w = await startWorld({}, { mode: 'auto', ...sim });
  const admin = await make.actor(w.t.db, { role: 'admin' });
  const buyer = await make.actor(w.t.db);
  const { course } = await make.creatorWithCourse(w.t.db, { price: 1800 });
  const paid = await buyWithMpesa(w, buyer, course, PHONES.success);
  if (paid.status !== 'paid' || !paid.receipt) throw new Error(`expected a paid purchase, not ${paid.status}`);
  return { admin, buyer, course, paymentId: paid.id, receipt: paid.receipt };
}

async function state(buyer: SessionUser, paymentId: string) {
  const db = w.t.db;
  const p = await db.selectFrom('payment').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
  const r = await db
    .selectFrom('refund')
    .select(['status', 'failureReason'])
    .where('paymentId', '=', paymentId)
    .executeTakeFirst();
  const enrolled = await db.selectFrom('enrollment').select('id').where('paymentId', '=', paymentId).execute();
  const refunds = await db.selectFrom('journalEntry').select('id').where('kind', '=', 'refund').execute();
  const receipt = (await listMyPurchases(w.running.services, buyer)).find((x) => x.paymentId === paymentId)!;
  return {
    payment: p.status,
    refund: r?.status ?? null,
    enrolled: enrolled.length,
    ledgerRefunds: refunds.length,
    learnerSees: receipt.refund ?? receipt.status,
  };
}

const post = (url: string, body: object) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it('a reversal M-Pesa fails leaves the purchase paid, says why, keeps access and tells the learner', async () => {
  const { admin, buyer, paymentId, receipt } = await paidPurchase();
  // Someone reversed the payment in the M-Pesa portal already: M-Pesa fails ours.
  await w.running.services.daraja.reverseTransaction({
    transactionId: receipt,
    amount: 1800,
    resultUrl: `${w.url}/nowhere`,
    queueTimeoutUrl: `${w.url}/nowhere`,
    remarks: 'portal',
  });
  await eventually(async () => w.sim.transactions.get([...w.sim.transactions.keys()][0]!)?.reversed || null);
  await refundPurchase(w.running.services, admin, { paymentId });
  await withReceiptChecks(w, async () => (await state(buyer, paymentId)).refund === 'failed');
  expect(await state(buyer, paymentId)).toEqual({
    payment: 'paid',
    refund: 'failed',
    enrolled: 1,
    ledgerRefunds: 0,
    learnerSees: 'failed',
  });
  const reason = await w.t.db
    .selectFrom('refund')
    .select('failureReason')
    .where('paymentId', '=', paymentId)
    .executeTakeFirstOrThrow();
  expect(reason.failureReason).toMatch(/already been reversed/);
  const sms = await withReceiptChecks(w, async () =>
    (await outbox(w.running)).find((m) => m.to === '+254712345678' && /could not complete your refund/.test(m.message)),
  );
  expect(sms.message).toMatch(/KES 1,800/);
});

it('forged reversal results and forged status answers change nothing', async () => {
  // M-Pesa never processes this reversal (it times out in its queue): only forgeries could settle it.
  const { admin, buyer, paymentId } = await paidPurchase({ reversalQueueTimeout: true });
  const { providerRef } = await refundPurchase(w.running.services, admin, { paymentId });
  const refund = await w.t.db
    .selectFrom('refund')
    .select(['id'])
    .where('paymentId', '=', paymentId)
    .executeTakeFirstOrThrow();
  const url = reversalResultUrl(w.running.services.config);
  const result = (code: number | string, desc: string) => ({
    Result: {
      ResultType: 0,
      ResultCode: code,
      ResultDesc: desc,
      OriginatorConversationID: 'x',
      ConversationID: providerRef,
      TransactionID: 'QWE1234567',
    },
  });
  const secret = w.running.services.config.mpesa.callbackSecret;
  const statusAnswer = {
    Result: {
      ResultType: 0,
      ResultCode: 0,
      ResultDesc: 'The service request has been accepted successsfully.',
      TransactionID: 'QWE1234567',
      ResultParameters: {
        ResultParameter: [
          { Key: 'DebitPartyName', Value: `${w.running.services.config.mpesa.shortcode} - Darasa` },
          { Key: 'CreditPartyName', Value: '254708374149 - Customer' },
          { Key: 'TransactionStatus', Value: 'Completed' },
          { Key: 'Amount', Value: 1800 },
          { Key: 'ReceiptNo', Value: 'QWE1234567' },
        ],
      },
    },
  };
  const statuses = [
    (await post(url, result(0, 'The service request is processed successfully.'))).status,
    (await post(url, result('R000002', 'The OriginalTransactionID is invalid.'))).status,
    (await post(url.replace(secret, 'wrong-secret'), result(0, 'ok'))).status,
    // A status answer straight to the check URL, for a reversal request that is not ours.
    (await post(`${w.url}/api/mpesa/reversal-check/${secret}/refund/${refund.id}/forged-originator`, statusAnswer))
      .status,
    (await post(`${w.url}/api/mpesa/reversal-check/${secret}/nonsense/${refund.id}/x`, statusAnswer)).status,
  ];
  expect(statuses).toEqual([200, 200, 404, 200, 404]);
  // Let every check the forgeries triggered run and be answered ("no such transaction").
  await withReceiptChecks(w, async () => {
    const aboutRefund = w.sim.received.filter(
      (r) => r.path === '/mpesa/transactionstatus/v1/query' && (r.body as { Occasion?: string }).Occasion === refund.id,
    );
    return aboutRefund.length >= 2 || null; // one per forged result naming the refund
  });
  await withReceiptChecks(w, async () => {
    const jobs = await w.t.db
      .selectFrom('job')
      .select('id')
      .where('type', '=', 'payments.checkReversal')
      .where('status', 'in', ['queued', 'running'])
      .execute();
    return jobs.length === 0 || null;
  });
  expect(await state(buyer, paymentId)).toEqual({
    payment: 'paid',
    refund: 'requested',
    enrolled: 1,
    ledgerRefunds: 0,
    learnerSees: 'requested',
  });
  expect((await outbox(w.running)).filter((m) => /refund/i.test(m.message))).toEqual([]);
});
