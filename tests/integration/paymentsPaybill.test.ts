// Pay by Paybill (C2B) end to end: the server registers its URLs with the simulator, the simulated customer
// pays into the purchase's account number, the simulator offers the payment to our validation URL, then
// confirms it; the purchase is settled once Transaction Status agrees with the confirmation. Wrong amounts and
// unknown accounts are refused before money moves; a confirmation sent twice settles once; a purchase that
// expired is still paid and grants access.
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPaybillUrls } from '#server/modules/payments/registerPaybillUrls.ts';
import { paybillUrls } from '#server/modules/payments/paybillUrls.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import {
  PHONES,
  confirmedReceipt,
  startMpesaPayment,
  withReceiptChecks,
  type World,
  worldForEachTest,
} from '#tests/support/paymentsWorld.ts';
import { make } from '#tests/support/factories/index.ts';
import { servicesAt } from '#tests/support/servicesAt.ts';
import { PAYBILL_OFFER_AFTER_S } from '#server/modules/payments/paymentView.ts';

// A prompt nobody answers: the learner's phone is off.
const w = worldForEachTest({ PAYMENT_TIMEOUT_S: '10' }, { promptTimeoutMs: 600_000 });
beforeEach(async () => {
  expect(await registerPaybillUrls(w.running.services)).toBe(true);
});

async function purchase(price = 1200) {
  const buyer = await make.actor(w.t.db);
  const { course } = await make.creatorWithCourse(w.t.db, { price });
  const payment = await startMpesaPayment(w, buyer, course, PHONES.manual);
  if (!payment.paybill) throw new Error('expected a payment with a Paybill account');
  const view = () => getPaymentForPayer(w.running.services, buyer, { paymentId: payment.id });
  const enrolled = async () =>
    (await w.t.db.selectFrom('enrollment').select('id').where('userId', '=', buyer.userId).execute()).length;
  return { buyer, payment, paybill: payment.paybill, view, enrolled };
}

describe('Pay by Paybill', () => {
  it('registers its URLs again without complaint, and shows a short account number with our business number', async () => {
    expect(await registerPaybillUrls(w.running.services)).toBe(true);
    const { paybill } = await purchase();
    expect(paybill.businessNumber).toBe(w.running.services.config.mpesa.shortcode);
    expect(paybill.account).toMatch(/^\d{7}$/);
    expect(paybillUrls(w.running.services.config).validationUrl).not.toMatch(/mpesa/i);
  });

  it('is offered only once the prompt has waited PAYBILL_OFFER_AFTER_S, or has timed out; never beside a fresh prompt', async () => {
    const p = await purchase();
    expect(p.payment.paybillOffered).toBe(false);
    const startedAt = Date.parse(p.payment.createdAt);
    const viewAt = (seconds: number) =>
      getPaymentForPayer(servicesAt(w.running.services, new Date(startedAt + seconds * 1000)), p.buyer, {
        paymentId: p.payment.id,
      });
    expect((await viewAt(PAYBILL_OFFER_AFTER_S - 1)).paybillOffered).toBe(false);
    expect((await viewAt(PAYBILL_OFFER_AFTER_S)).paybillOffered).toBe(true);
    await w.t.db.updateTable('payment').set({ status: 'expired' }).where('id', '=', p.payment.id).execute();
    expect((await p.view()).paybillOffered).toBe(true);
    // A cancelled prompt cannot be settled by Paybill (validation refuses it): nothing to offer.
    await w.t.db.updateTable('payment').set({ status: 'cancelled' }).where('id', '=', p.payment.id).execute();
    expect((await viewAt(PAYBILL_OFFER_AFTER_S)).paybillOffered).toBe(false);
  });

  it('refuses a wrong amount, an unknown account and another business number at validation; nothing changes', async () => {
    const p = await purchase(1200);
    const pay = (over: Partial<Parameters<World['sim']['payBill']>[0]>) =>
      w.sim.payBill({
        businessNumber: p.paybill.businessNumber,
        account: p.paybill.account,
        amount: 1200,
        phone: PHONES.success,
        ...over,
      });
    expect(await pay({ amount: 1000 })).toMatchObject({ validation: 'C2B00013', completed: false });
    expect(await pay({ account: '0000000' })).toMatchObject({ validation: 'C2B00012', completed: false });
    expect(await pay({ businessNumber: '999999' })).toMatchObject({ completed: false });
    expect(await p.view()).toMatchObject({ status: 'pending' });
    expect(await p.enrolled()).toBe(0);
  });

  it('settles exactly once when the confirmation arrives twice, with a masked phone number', async () => {
    const p = await purchase(1200);
    const paid = await w.sim.payBill({ ...p.paybill, amount: 1200, phone: PHONES.success });
    expect(paid).toMatchObject({ validation: '0', completed: true });
    expect(paid.confirmation).toMatchObject({ MSISDN: '2547 ***** 149', TransAmount: '1200.00' });
    const { confirmationUrl } = paybillUrls(w.running.services.config);
    const again = await fetch(confirmationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(paid.confirmation),
    });
    expect(again.status).toBe(200);
    expect(await confirmedReceipt(w, p.payment.id)).toBe(paid.transId);
    expect(await p.view()).toMatchObject({ status: 'paid', receipt: paid.transId });
    expect(await p.enrolled()).toBe(1);
    // Paid: the account number now names nothing payable.
    expect(await w.sim.payBill({ ...p.paybill, amount: 1200, phone: PHONES.success })).toMatchObject({
      validation: 'C2B00012',
    });
  });

  it('grants access when the purchase expired before the Paybill payment', async () => {
    const p = await purchase(900);
    await w.t.db.updateTable('payment').set({ status: 'expired' }).where('id', '=', p.payment.id).execute();
    expect(await w.sim.payBill({ ...p.paybill, amount: 900, phone: PHONES.success })).toMatchObject({
      completed: true,
    });
    // Granted once Transaction Status agrees with the confirmation.
    expect(await withReceiptChecks(w, async () => (await p.enrolled()) === 1)).toBe(true);
    expect(await p.view()).toMatchObject({ status: 'paid', lateSuccess: true });
  });

  it('answers a forged notification with a wrong secret 404 and changes nothing', async () => {
    const p = await purchase();
    const url = paybillUrls(w.running.services.config).confirmationUrl.replace(/[^/]+$/, 'wrong');
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        TransID: 'ABC1234567',
        TransAmount: '1200',
        BusinessShortCode: p.paybill.businessNumber,
        BillRefNumber: p.paybill.account,
      }),
    });
    expect(res.status).toBe(404);
    expect(await p.view()).toMatchObject({ status: 'pending' });
  });
});
