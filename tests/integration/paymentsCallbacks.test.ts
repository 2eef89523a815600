// The callback is unsigned and public: forged ones must change nothing, duplicates must be harmless, and
// payments whose callback never arrives (lost, or the server was down) must still settle.
import { describe, expect, it } from 'vitest';
import { servicesAt } from '#tests/support/servicesAt.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { toBool } from '#server/db/values.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import { reconcilePayments } from '#server/modules/payments/reconcilePayments.ts';
import { PHONES, confirmedReceipt, newKey, startMpesaPayment, worldForEachTest } from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';

const w = worldForEachTest();

const pay = (actor: SessionUser, course: { id: string; price: number }, phone: string, services = w.running.services) =>
  startMpesaPayment(w, actor, course, phone, services);

const row = (id: string) => w.t.db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const enrollmentCount = async (courseId: string) =>
  (await w.t.db.selectFrom('enrollment').select('id').where('courseId', '=', courseId).execute()).length;
const simTx = (checkoutRequestId: string) => w.sim.transactions.get(checkoutRequestId)!;

function post(path: string, body: string) {
  return fetch(`${w.running.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}
const callbackPath = () => `/api/mpesa/callback/${w.running.services.config.mpesa.callbackSecret}`;

describe('forged callbacks change nothing', () => {
  it('refuses a wrong secret, an unknown CheckoutRequestID, a different amount or phone, and malformed JSON', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.manual);
    const before = await row(p.id);
    const tx = simTx(before.checkoutRequestId!);
    // What a success callback for this payment would look like, then tampered with.
    const genuine = (over: { amount?: number; phone?: string; checkout?: string }) =>
      JSON.stringify({
        Body: {
          stkCallback: {
            MerchantRequestID: tx.merchantRequestId,
            CheckoutRequestID: over.checkout ?? tx.checkoutRequestId,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: over.amount ?? 1500 },
                { Name: 'MpesaReceiptNumber', Value: 'FORGED1234' },
                { Name: 'TransactionDate', Value: 20260101120000 },
                { Name: 'PhoneNumber', Value: Number(over.phone ?? tx.phone) },
              ],
            },
          },
        },
      });

    const answers = [
      await post('/api/mpesa/callback/not-the-secret-at-all', genuine({})),
      await post(callbackPath(), genuine({ checkout: 'ws_CO_000000000000000' })),
      await post(callbackPath(), genuine({ amount: 1 })),
      await post(callbackPath(), genuine({ phone: '254799999999' })),
      await post(callbackPath(), '{"Body": {"stkCallback": '),
      await post(callbackPath(), JSON.stringify({ Body: { stkCallback: { ResultCode: 0 } } })),
      await post(callbackPath(), '[]'),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 400, 400, 400, 400, 400]);
    // A matching success while the prompt is still open: the STK query says "being processed", so no.
    expect((await post(callbackPath(), genuine({}))).status).toBe(200);

    const after = await row(p.id);
    expect(after).toEqual(before);
    expect(await enrollmentCount(course.id)).toBe(0);
    // The real answer still settles it.
    w.sim.answer(before.checkoutRequestId!, 'approve');
    await eventually(async () => (await row(p.id)).status === 'paid');
    expect((await row(p.id)).mpesaReceipt).not.toBe('FORGED1234');
  });

  it('a forged success for a payment M-Pesa says was cancelled does not grant access', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.manual);
    const { checkoutRequestId } = await row(p.id);
    w.sim.answer(checkoutRequestId!, 'cancel');
    await eventually(async () => (await row(p.id)).status === 'cancelled');
    const tx = simTx(checkoutRequestId!);
    const forged = { ...tx, result: { resultCode: 0, resultDesc: 'ok', callbacks: 1 }, receipt: 'FORGED1234' };
    expect((await post(callbackPath(), JSON.stringify(w.sim.callbackBody(forged)))).status).toBe(200);
    expect((await row(p.id)).status).toBe('cancelled');
    expect(await enrollmentCount(course.id)).toBe(0);
  });
});

describe('duplicates and missing callbacks', () => {
  it('ten concurrent duplicate callbacks create one enrollment', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.noCallback);
    const tx = simTx((await row(p.id)).checkoutRequestId!);
    await eventually(async () => tx.result !== null);
    const body = JSON.stringify(w.sim.callbackBody(tx));
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(callbackPath(), body)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const paid = await row(p.id);
    expect(paid.status).toBe('paid');
    expect(await confirmedReceipt(w, p.id)).toBe(tx.receipt);
    expect(await enrollmentCount(course.id)).toBe(1);
    const c = await w.t.db
      .selectFrom('course')
      .select('enrolledCount')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(Number(c.enrolledCount)).toBe(1);
  });

  it('the reconciler settles a payment whose callback never came', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.noCallback);
    const tx = simTx((await row(p.id)).checkoutRequestId!);
    await eventually(async () => tx.result !== null);
    expect((await row(p.id)).status).toBe('pending');
    // Too early: not asked yet.
    expect(await reconcilePayments(w.running.services)).toMatchObject({ checked: 0 });
    const later = new Date(Date.now() + 30_000);
    expect(await reconcilePayments(servicesAt(w.running.services, later))).toMatchObject({ checked: 1, settled: 1 });
    const paid = await getPaymentForPayer(w.running.services, buyer, { paymentId: p.id });
    expect(paid).toMatchObject({ status: 'paid', receipt: null, lateSuccess: false });
    expect(await enrollmentCount(course.id)).toBe(1);
  });

  it('leaves an unanswered prompt pending, expires it after its time, and a late success still grants access', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.manual);
    const { checkoutRequestId, expiresAt } = await row(p.id);
    const soon = new Date(Date.now() + 30_000);
    expect(await reconcilePayments(servicesAt(w.running.services, soon))).toMatchObject({
      checked: 1,
      settled: 0,
      expired: 0,
    });
    expect((await row(p.id)).status).toBe('pending');
    const afterExpiry = new Date(new Date(expiresAt).getTime() + 60_000);
    expect(await reconcilePayments(servicesAt(w.running.services, afterExpiry))).toMatchObject({ expired: 1 });
    expect(await getPaymentForPayer(w.running.services, buyer, { paymentId: p.id })).toMatchObject({
      status: 'expired',
      reason: 'timeout',
    });
    expect(await enrollmentCount(course.id)).toBe(0);

    w.sim.answer(checkoutRequestId!, 'approve');
    await eventually(async () => (await row(p.id)).status === 'paid');
    const late = await row(p.id);
    expect(toBool(late.lateSuccess)).toBe(true);
    expect(await confirmedReceipt(w, p.id)).toBe(simTx(checkoutRequestId!).receipt);
    expect(await enrollmentCount(course.id)).toBe(1);
  });

  it('keeps asking for a while about a payment it gave up on, so a late success with a lost callback grants access', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.manual);
    const { checkoutRequestId, expiresAt } = await row(p.id);
    const afterExpiry = new Date(new Date(expiresAt).getTime() + 1000);
    expect(await reconcilePayments(servicesAt(w.running.services, afterExpiry))).toMatchObject({ expired: 1 });
    // The customer pays late while the server is down: the callback is lost.
    await w.running.stop();
    w.sim.answer(checkoutRequestId!, 'approve');
    await eventually(async () => simTx(checkoutRequestId!).callbacksSent === 1);
    const restarted = await w.start();
    const minutes = (n: number) => new Date(afterExpiry.getTime() + n * 60_000);
    // Not asked again at once…
    expect(await reconcilePayments(servicesAt(restarted.services, minutes(1)))).toMatchObject({ settled: 0 });
    expect((await row(p.id)).status).toBe('expired');
    // …but a few minutes later, and the answer is a success.
    expect(await reconcilePayments(servicesAt(restarted.services, minutes(6)))).toMatchObject({ settled: 1 });
    const late = await row(p.id);
    expect([late.status, toBool(late.lateSuccess)]).toEqual(['paid', true]);
    expect(await enrollmentCount(course.id)).toBe(1);
    // Past the window nothing is asked any more.
    const q = w.sim.received.filter((r) => r.path.includes('stkpushquery')).length;
    await reconcilePayments(servicesAt(restarted.services, minutes(120)));
    expect(w.sim.received.filter((r) => r.path.includes('stkpushquery')).length).toBe(q);
  });

  it('stops asking about a given-up payment once M-Pesa says how it ended', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.manual);
    const { checkoutRequestId, expiresAt } = await row(p.id);
    const afterExpiry = new Date(new Date(expiresAt).getTime() + 1000);
    await reconcilePayments(servicesAt(w.running.services, afterExpiry));
    w.sim.answer(checkoutRequestId!, 'cancel');
    await eventually(async () => (await row(p.id)).resultCode !== null);
    const after = await row(p.id);
    expect([after.status, after.resultCode]).toEqual(['expired', 1032]);
    expect(await getPaymentForPayer(w.running.services, buyer, { paymentId: p.id })).toMatchObject({
      status: 'expired',
      reason: 'cancelled',
    });
    const q = w.sim.received.filter((r) => r.path.includes('stkpushquery')).length;
    await reconcilePayments(servicesAt(w.running.services, new Date(afterExpiry.getTime() + 10 * 60_000)));
    expect(w.sim.received.filter((r) => r.path.includes('stkpushquery')).length).toBe(q);
    expect(await enrollmentCount(course.id)).toBe(0);
  });

  it('a server killed between STK push and callback settles the payment after restart', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.manual);
    const { checkoutRequestId } = await row(p.id);
    await w.running.stop();
    // The customer pays while the server is down: the callback finds nobody.
    w.sim.answer(checkoutRequestId!, 'approve');
    const tx = simTx(checkoutRequestId!);
    await eventually(async () => tx.callbacksSent === 1);
    expect((await row(p.id)).status).toBe('pending');

    // The reconciler is work of the whole deployment: a process that runs jobs runs it.
    await w.start({ PAYMENT_RECONCILE_INTERVAL_MS: '50', PAYMENT_QUERY_AFTER_S: '1', JOB_CONCURRENCY: '1' });
    await eventually(async () => (await row(p.id)).status === 'paid');
    expect(await enrollmentCount(course.id)).toBe(1);
  });

  it('expires a payment whose STK push never went out (the process died in between)', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const at = new Date();
    await w.t.db
      .insertInto('payment')
      .values({
        id: 'stuckpayment0001',
        userId: buyer.userId,
        courseId: course.id,
        amount: 1500,
        phone: PHONES.success,
        status: 'created',
        idempotencyKey: newKey(),
        createdAt: at,
        updatedAt: at,
        expiresAt: new Date(at.getTime() + 90_000),
      })
      .execute();
    // While it is open, a new attempt for the same course is refused with a pointer to it.
    await expect(pay(buyer, course, PHONES.success)).rejects.toMatchObject({ code: 'payment_open' });
    await reconcilePayments(servicesAt(w.running.services, new Date(at.getTime() + 120_000)));
    expect((await row('stuckpayment0001')).status).toBe('expired');
    // And the customer can try again.
    const retry = await pay(buyer, course, PHONES.success);
    await eventually(async () => (await row(retry.id)).status === 'paid');
  });
});
