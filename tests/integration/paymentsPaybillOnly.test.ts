// "Pay by Paybill instead" (issue 23, decision 0040): after a prompt failed or was cancelled, the learner starts
// a purchase that sends no prompt (`method: 'paybill'`). It is pending at once with Paybill offered, spends no
// prompt budget, keeps every other check (idempotency, one open purchase per course), is never asked about by
// STK query, expires like the others and stays payable by Paybill; a verified C2B payment settles it, and a
// second payment into it is returned like any other second payment.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { SessionUser } from '#server/core/actor.ts';
import { DomainError } from '#server/core/errors.ts';
import { registerPaybillUrls } from '#server/modules/payments/registerPaybillUrls.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import { reconcilePayments } from '#server/modules/payments/reconcilePayments.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import {
  PHONES,
  confirmedReceipt,
  newKey,
  pushes,
  startMpesaPayment,
  startWorld,
  withReceiptChecks,
  type World,
} from '#tests/support/paymentsWorld.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { make } from '#tests/support/factories/index.ts';
import { servicesAt } from '#tests/support/servicesAt.ts';

let w: World;
beforeEach(async () => {
  // One prompt per account and per phone: a Paybill-only purchase must not need any of it.
  w = await startWorld(
    { PAYMENT_TIMEOUT_S: '60', MPESA_PROMPT_LIMIT_PER_ACCOUNT: '1', MPESA_PROMPT_LIMIT_PER_PHONE: '1' },
    { promptTimeoutMs: 600_000 },
  );
  expect(await registerPaybillUrls(w.running.services)).toBe(true);
});
afterEach(async () => {
  await w.close();
});

async function paybillOnly(buyer: SessionUser, course: { id: string; price: number }, key = newKey()) {
  const r = await startPayment(w.running.services, buyer, {
    courseId: course.id,
    amount: course.price,
    phone: PHONES.manual,
    idempotencyKey: key,
    method: 'paybill',
  });
  if (r.kind !== 'payment') throw new Error('expected a payment');
  return r.payment;
}

async function purchase(price = 1200) {
  const buyer = await make.actor(w.t.db);
  const { course } = await make.creatorWithCourse(w.t.db, { price });
  const payment = await paybillOnly(buyer, course);
  const view = () => getPaymentForPayer(w.running.services, buyer, { paymentId: payment.id });
  const enrolled = async () =>
    (await w.t.db.selectFrom('enrollment').select('id').where('userId', '=', buyer.userId).execute()).length;
  return { buyer, course, payment, paybill: payment.paybill!, view, enrolled };
}

const stkQueries = () => w.sim.received.filter((r) => r.path === '/mpesa/stkpushquery/v1/query').length;

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return (err as DomainError).code;
}

describe('a Paybill-only purchase', () => {
  it('sends no prompt, spends no prompt budget and offers Paybill at once', async () => {
    const p = await purchase(1200);
    expect(pushes(w.sim)).toHaveLength(0);
    expect(p.payment).toMatchObject({ status: 'pending', method: 'paybill', paybillOffered: true, amount: 1200 });
    expect(p.paybill.account).toMatch(/^\d{7}$/);
    expect(p.paybill.businessNumber).toBe(w.running.services.config.mpesa.shortcode);
    expect(await p.view()).toMatchObject({ status: 'pending', paybillOffered: true });
    // The account's one prompt is still there to spend…
    const { course: other } = await make.creatorWithCourse(w.t.db, { price: 500 });
    await startMpesaPayment(w, p.buyer, other, PHONES.manual);
    expect(pushes(w.sim)).toHaveLength(1);
    // …and once it is spent, a Paybill-only purchase still starts (nothing is counted for it).
    const { course: third } = await make.creatorWithCourse(w.t.db, { price: 700 });
    expect(await refusal(startMpesaPayment(w, p.buyer, third, PHONES.manual))).toBe('rate_limited');
    expect(await paybillOnly(p.buyer, third)).toMatchObject({ status: 'pending', paybillOffered: true });
    expect(pushes(w.sim)).toHaveLength(1);
  });

  it('settles by a C2B payment once Transaction Status agrees, with the sale in the ledger', async () => {
    const p = await purchase(1200);
    const paid = await w.sim.payBill({ ...p.paybill, amount: 1200, phone: PHONES.success });
    expect(paid).toMatchObject({ validation: '0', completed: true });
    expect(await confirmedReceipt(w, p.payment.id)).toBe(paid.transId);
    expect(await p.view()).toMatchObject({ status: 'paid', receipt: paid.transId, lateSuccess: false });
    expect(await p.enrolled()).toBe(1);
    const sales = await w.t.db.selectFrom('journalEntry').select('paymentId').where('kind', '=', 'sale').execute();
    expect(sales.map((s) => s.paymentId)).toEqual([p.payment.id]);
    expect(pushes(w.sim)).toHaveLength(0);
  });

  it('returns a second payment into the same account, as other second payments are', async () => {
    const p = await purchase(900);
    expect(await w.sim.payBill({ ...p.paybill, amount: 900, phone: PHONES.success })).toMatchObject({
      completed: true,
    });
    expect(await w.sim.payBill({ ...p.paybill, amount: 900, phone: PHONES.success })).toMatchObject({
      completed: true,
    });
    const states = await withReceiptChecks(w, async () => {
      const rows = await w.t.db
        .selectFrom('mpesaIncoming')
        .select('state')
        .where('paymentId', '=', p.payment.id)
        .orderBy('state')
        .execute();
      return rows.some((r) => r.state === 'returned') ? rows.map((r) => r.state) : null;
    });
    expect(states).toEqual(['returned', 'settled']);
    const balances = await w.t.db
      .selectFrom('journalLine')
      .select(['account', sql<number>`sum("amount")`.as('total')])
      .groupBy('account')
      .execute();
    const all = Object.fromEntries(balances.map((b) => [b.account, Number(b.total)]));
    expect({ paybill: all.mpesa_paybill, owedToPayers: all.payer_refunds_due ?? 0 }).toEqual({
      paybill: 900,
      owedToPayers: 0,
    });
    expect(await p.enrolled()).toBe(1);
    const reversals = w.sim.received.filter((r) => r.path === '/mpesa/reversal/v1/request');
    expect(reversals.map((r) => (r.body as { Amount: number }).Amount)).toEqual([900]);
  });

  it('answers a replayed idempotency key with the same payment, and refuses the key for a prompt', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 800 });
    const key = newKey();
    const first = await paybillOnly(buyer, course, key);
    const again = await paybillOnly(buyer, course, key);
    expect(again.id).toBe(first.id);
    expect(again.paybill).toEqual(first.paybill);
    const asPrompt = startPayment(w.running.services, buyer, {
      courseId: course.id,
      amount: 800,
      phone: PHONES.manual,
      idempotencyKey: key,
    });
    expect(await refusal(asPrompt)).toBe('conflict');
    expect(await w.t.db.selectFrom('payment').select('id').execute()).toHaveLength(1);
    expect(pushes(w.sim)).toHaveLength(0);
  });

  it('refuses a second open purchase for the same course, by Paybill or by prompt', async () => {
    const p = await purchase(600);
    expect(await refusal(paybillOnly(p.buyer, p.course))).toBe('payment_open');
    expect(await refusal(startMpesaPayment(w, p.buyer, p.course, PHONES.manual))).toBe('payment_open');
    expect(await w.t.db.selectFrom('payment').select('id').execute()).toHaveLength(1);
    expect(pushes(w.sim)).toHaveLength(0);
  });

  it('is never asked about by STK query, expires on time and is still paid by Paybill after that', async () => {
    const p = await purchase(1000);
    const started = Date.parse(p.payment.createdAt);
    const at = (s: number) => servicesAt(w.running.services, new Date(started + s * 1000));
    expect(await reconcilePayments(at(30))).toMatchObject({ checked: 1, settled: 0, expired: 0 });
    expect(await reconcilePayments(at(61))).toMatchObject({ expired: 1 });
    expect(await reconcilePayments(at(120))).toMatchObject({ checked: 0, settled: 0 });
    expect(stkQueries()).toBe(0);
    expect(await p.view()).toMatchObject({ status: 'expired', reason: 'timeout', paybillOffered: true });
    expect(await w.sim.payBill({ ...p.paybill, amount: 1000, phone: PHONES.success })).toMatchObject({
      completed: true,
    });
    expect(await withReceiptChecks(w, async () => (await p.enrolled()) === 1)).toBe(true);
    expect(await p.view()).toMatchObject({ status: 'paid', lateSuccess: true });
    expect(stkQueries()).toBe(0);
  });

  it('POST /api/payments takes method "paybill" and refuses an unknown method', async () => {
    const client = new Client(w.running.url);
    expect((await client.register(newRegistration({ role: 'customer' }))).status).toBe(201);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 1500 });
    const body = { courseId: course.id, amount: 1500, phone: '0711 222 333', idempotencyKey: newKey() };
    const bad = await client.request('/api/payments', { method: 'POST', json: { ...body, method: 'card' } });
    expect(bad.status).toBe(400);
    const res = await client.request('/api/payments', { method: 'POST', json: { ...body, method: 'paybill' } });
    expect(res.status).toBe(202);
    const answer = (await res.json()) as { kind: string; payment: { status: string; paybillOffered: boolean } };
    expect(answer).toMatchObject({ kind: 'payment', payment: { status: 'pending', paybillOffered: true } });
    expect(pushes(w.sim)).toHaveLength(0);
  });
});
