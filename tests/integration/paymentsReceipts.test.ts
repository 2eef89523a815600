// Receipt numbers only from a source we can trust (issue 15): a callback's receipt number is a claim until
// Daraja's Transaction Status query confirms it; a payment settled by STK query gets its number the same
// way, and can then be refunded. Against the Daraja simulator, on both databases.
import { describe, expect, it } from 'vitest';
import { servicesAt } from '#tests/support/servicesAt.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { refundPurchase } from '#server/modules/admin/refundPurchase.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import { listMyPurchases } from '#server/modules/payments/listMyPurchases.ts';
import { receiptCheckUrl } from '#server/modules/payments/receiptCheckUrl.ts';
import { reconcilePayments } from '#server/modules/payments/reconcilePayments.ts';
import {
  PHONES,
  confirmedReceipt,
  startMpesaPayment,
  withReceiptChecks,
  worldForEachTest,
} from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { transactionStatusResult } from '#tests/support/transactionStatusResult.ts';
import { make } from '#tests/support/factories/index.ts';

const w = worldForEachTest();

/** A payment to the simulator's "pays, sends no callback" number, paid on the phone. */
async function paidWithoutCallback(buyer: SessionUser, price = 1500) {
  const { course } = await make.creatorWithCourse(w.t.db, { price });
  const payment = await startMpesaPayment(w, buyer, course, PHONES.noCallback);
  const { checkoutRequestId } = await row(payment.id);
  const tx = w.sim.transactions.get(checkoutRequestId!)!;
  await eventually(async () => tx.result !== null);
  return { id: payment.id, tx, course };
}

const row = (id: string) => w.t.db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const statusQueries = () => w.sim.received.filter((r) => r.path === '/mpesa/transactionstatus/v1/query');
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('M-Pesa receipt numbers confirmed by Transaction Status', () => {
  it('a callback with a forged receipt number never shows it, and the payment is flagged', async () => {
    const buyer = await make.actor(w.t.db);
    const { id, tx } = await paidWithoutCallback(buyer);
    const forged = w.sim.callbackBody({ ...tx, receipt: 'FORGED1234' });
    const callback = `${w.running.url}/api/mpesa/callback/${w.running.services.config.mpesa.callbackSecret}`;
    expect((await post(callback, forged)).status).toBe(200);
    // The payment is real (the STK query says so): access is granted, the number is only a claim.
    expect((await row(id)).status).toBe('paid');
    // Until Daraja has answered the check, a refund is refused with a reason an admin can act on.
    const admin = await make.actor(w.t.db, { role: 'admin' });
    await expect(refundPurchase(w.running.services, admin, { paymentId: id })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/not confirmed this purchase’s receipt number yet/),
    });
    await withReceiptChecks(w, async () => (await row(id)).receiptCheck === 'mismatch');
    const p = await row(id);
    expect(p).toMatchObject({ mpesaReceipt: null, claimedReceipt: 'FORGED1234' });
    expect(statusQueries().at(-1)!.body).toMatchObject({
      TransactionID: 'FORGED1234',
      CommandID: 'TransactionStatusQuery',
    });
    expect((await getPaymentForPayer(w.running.services, buyer, { paymentId: id })).receipt).toBeNull();
    const [receipt] = await listMyPurchases(w.running.services, buyer);
    expect(receipt).toMatchObject({ receipt: null, receiptPending: false });
    // Nothing to reverse without a trusted receipt number.
    await expect(refundPurchase(w.running.services, admin, { paymentId: id })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/did not confirm this purchase’s receipt number/),
    });
    expect(w.sim.received.some((r) => r.path === '/mpesa/reversal/v1/request')).toBe(false);
  });

  it('a payment settled by the reconciler gets its receipt number by CheckoutRequestID and can be refunded', async () => {
    const buyer = await make.actor(w.t.db);
    const { id, tx } = await paidWithoutCallback(buyer, 2000);
    const later = new Date(Date.now() + 30_000);
    expect(await reconcilePayments(servicesAt(w.running.services, later))).toMatchObject({ settled: 1 });
    expect(await confirmedReceipt(w, id)).toBe(tx.receipt);
    expect(statusQueries()[0]!.body).toMatchObject({
      TransactionID: '',
      OriginalConversationID: tx.checkoutRequestId,
      PartyA: w.running.services.config.mpesa.shortcode,
    });
    const [receipt] = await listMyPurchases(w.running.services, buyer);
    expect(receipt).toMatchObject({ receipt: tx.receipt, receiptPending: false, amount: 2000 });

    const admin = await make.actor(w.t.db, { role: 'admin' });
    expect(await refundPurchase(w.running.services, admin, { paymentId: id })).toMatchObject({ status: 'requested' });
    const reversal = w.sim.received.find((r) => r.path === '/mpesa/reversal/v1/request')!;
    expect(reversal.body).toMatchObject({ TransactionID: tx.receipt, Amount: 2000 });
  });

  it('duplicate and contradicting Transaction Status results change nothing once confirmed', async () => {
    const buyer = await make.actor(w.t.db);
    const { id, tx } = await paidWithoutCallback(buyer);
    await reconcilePayments(servicesAt(w.running.services, new Date(Date.now() + 30_000)));
    await confirmedReceipt(w, id);
    const before = await row(id);
    const url = receiptCheckUrl(w.running.services.config, id);
    const same = transactionStatusResult(tx.receipt!, 1500, tx.phone);
    const answers = await Promise.all([
      post(url, same),
      post(url, same),
      post(url, transactionStatusResult('OTHER12345', 9, '254711111111')),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await row(id)).toEqual(before);
    // Without the URL's secret, or about no payment of ours, a result is refused.
    const wrong = url.replace(w.running.services.config.mpesa.callbackSecret, 'guess');
    expect((await post(wrong, same)).status).toBe(404);
    expect((await post(url.replace(id, 'nosuchpayment12'), same)).status).toBe(404);
    expect((await post(url, { hello: 'world' })).status).toBe(400);
  });

  it('a result naming another amount or phone before confirmation flags the payment instead', async () => {
    const buyer = await make.actor(w.t.db);
    const { id, tx } = await paidWithoutCallback(buyer);
    // The payment is settled, but the status query is not sent yet (the reconciler's first step only).
    await w.t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('payment')
        .set({ status: 'paid', paidAt: new Date(), receiptCheck: 'pending' })
        .where('id', '=', id)
        .execute();
    });
    const url = receiptCheckUrl(w.running.services.config, id);
    expect((await post(url, transactionStatusResult(tx.receipt!, 1499, tx.phone))).status).toBe(200);
    expect(await row(id)).toMatchObject({ receiptCheck: 'mismatch', mpesaReceipt: null });
  });
});
