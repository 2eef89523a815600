// Every M-Pesa outcome end to end: startPayment → simulator (real HTTP) → callback to the real server →
// STK query → payment settled and enrollment granted (or not). Runs on SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { toBool, toNum } from '#server/db/values.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { listMyPurchases } from '#server/modules/payments/listMyPurchases.ts';
import type { SessionUser } from '#server/edge/requestContext.ts';
import {
  PHONES,
  confirmedReceipt,
  newKey,
  pushes,
  startMpesaPayment,
  worldForEachTest,
  settledPayment,
} from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';

const w = worldForEachTest();

const pay = (actor: SessionUser, course: { id: string; price: number }, phone: string) =>
  startMpesaPayment(w, actor, course, phone);

async function enrollments(courseId: string) {
  return w.t.db.selectFrom('enrollment').selectAll().where('courseId', '=', courseId).execute();
}

async function enrolledCount(courseId: string) {
  const c = await w.t.db
    .selectFrom('course')
    .select('enrolledCount')
    .where('id', '=', courseId)
    .executeTakeFirstOrThrow();
  return toNum(c.enrolledCount);
}

describe('M-Pesa outcomes through the simulator', () => {
  it('success: paid with a receipt, enrolled once, counted, listed in purchases', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const started = await pay(buyer, course, PHONES.success);
    expect(started.status).toBe('pending');
    await settledPayment(w, buyer, started.id);
    expect(await confirmedReceipt(w, started.id)).toMatch(/^[A-Z0-9]{10}$/);
    const done = await getPaymentForPayer(w.running.services, buyer, { paymentId: started.id });
    expect(done).toMatchObject({ status: 'paid', reason: 'paid', amount: 1500, lateSuccess: false });
    expect((await enrollments(course.id)).map((e) => [e.userId, e.paymentId])).toEqual([[buyer.userId, started.id]]);
    expect(await enrolledCount(course.id)).toBe(1);
    const receipts = await listMyPurchases(w.running.services, buyer);
    expect(receipts).toEqual([
      expect.objectContaining({ courseId: course.id, amount: 1500, receipt: done.receipt, status: 'paid' }),
    ]);
    // The STK push was well formed (the simulator validates it like Daraja) and the raw payloads are kept.
    expect(pushes(w.sim)).toHaveLength(1);
    const row = await w.t.db.selectFrom('payment').selectAll().where('id', '=', started.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.rawCallback!).Body.stkCallback.ResultCode).toBe(0);
    expect(JSON.parse(row.rawQuery!).ResultCode).toBe('0');
    expect(row.rawRequest).not.toContain(w.running.services.config.mpesa.callbackSecret);
    expect(row.rawRequest).not.toContain('Password');
  });

  it.each([
    ['cancelled', PHONES.cancelled, 'cancelled', 'cancelled'],
    ['timed out (1037)', PHONES.timeout, 'expired', 'timeout'],
    ['expired (1019)', PHONES.expired, 'expired', 'timeout'],
    ['insufficient funds', PHONES.insufficient, 'failed', 'insufficient_funds'],
    ['wrong PIN', PHONES.wrongPin, 'failed', 'wrong_pin'],
    ['other failure (17)', PHONES.rule17, 'failed', 'failed'],
  ])('%s: settled without access, and the customer can retry', async (_name, phone, status, reason) => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const first = await pay(buyer, course, phone);
    const done = await settledPayment(w, buyer, first.id);
    expect(done).toMatchObject({ status, reason, receipt: null });
    expect(done.message).toBeTruthy();
    expect(await enrollments(course.id)).toEqual([]);
    expect(await enrolledCount(course.id)).toBe(0);
    expect(await listMyPurchases(w.running.services, buyer)).toEqual([]);
    // Retry with the success number: a new payment, a new prompt, access.
    const retry = await pay(buyer, course, PHONES.success);
    expect(retry.id).not.toBe(first.id);
    expect((await settledPayment(w, buyer, retry.id)).status).toBe('paid');
    expect(await enrollments(course.id)).toHaveLength(1);
  });

  it('duplicate callbacks from the provider create one enrollment', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.duplicates);
    expect((await settledPayment(w, buyer, p.id)).status).toBe('paid');
    await eventually(async () => [...w.sim.transactions.values()][0]!.callbacksSent === 3);
    expect(await enrollments(course.id)).toHaveLength(1);
    expect(await enrolledCount(course.id)).toBe(1);
  });

  it('accepts the phone formats people type and sends 2547… to Daraja', async () => {
    const { course } = await make.creatorWithCourse(w.t.db);
    for (const typed of ['0708 374 149', '+254 708 374 149', '708374149', '254-708-374149']) {
      const buyer = await make.actor(w.t.db);
      const p = await pay(buyer, course, typed);
      expect(p.phone).toBe(PHONES.success);
    }
    expect(pushes(w.sim).map((r) => (r.body as { PhoneNumber: string }).PhoneNumber)).toEqual(
      Array(4).fill(PHONES.success),
    );
  });

  it('a double click (same idempotency key, concurrently) sends one STK push', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const input = { courseId: course.id, amount: 1500, phone: PHONES.manual, idempotencyKey: newKey() };
    const results = await Promise.all(Array.from({ length: 5 }, () => startPayment(w.running.services, buyer, input)));
    const ids = new Set(results.map((r) => (r.kind === 'payment' ? r.payment.id : null)));
    expect(ids.size).toBe(1);
    expect(pushes(w.sim)).toHaveLength(1);
    const rows = await w.t.db.selectFrom('payment').select('id').where('userId', '=', buyer.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('a free course enrolls at once without any prompt', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 0 });
    const r = await startPayment(w.running.services, buyer, {
      courseId: course.id,
      amount: 0,
      phone: '',
      idempotencyKey: newKey(),
    });
    expect(r).toEqual({ kind: 'enrolled', courseId: course.id });
    expect((await enrollments(course.id)).map((e) => e.paymentId)).toEqual([null]);
    expect(await enrolledCount(course.id)).toBe(1);
    expect(pushes(w.sim)).toHaveLength(0);
  });

  it('a payment is visible to its payer only', async () => {
    const buyer = await make.actor(w.t.db);
    const other = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.manual);
    await expect(getPaymentForPayer(w.running.services, other, { paymentId: p.id })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(getPaymentForPayer(w.running.services, null, { paymentId: p.id })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(getPaymentForPayer(w.running.services, buyer, { paymentId: '../etc' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('stores booleans and the state as both databases read them', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db);
    const p = await pay(buyer, course, PHONES.success);
    await settledPayment(w, buyer, p.id);
    const row = await w.t.db.selectFrom('payment').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(toBool(row.lateSuccess)).toBe(false);
    expect(row.paidAt).toBeTruthy();
  });
});
