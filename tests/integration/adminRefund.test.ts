// Refunds end to end: a real purchase through the Daraja simulator, then the admin's refund sends a real
// reversal request to it. The purchase is "refund requested" (still paid, access kept) until Transaction
// Status confirms the reversal; then the enrollment is revoked, the payment marked refunded, the student
// count lowered and the learner told. A reversal M-Pesa fails leaves the purchase paid with the reason, the
// learner told, and can be asked again. Unpaid and already refunded purchases are refused with nothing changed.
import { beforeEach, describe, expect, it } from 'vitest';
import { toNum } from '#server/db/values.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { DomainError } from '#server/core/errors.ts';
import { statusOf } from '#tests/support/errorStatus.ts';
import { getDashboard } from '#server/modules/admin/getDashboard.ts';
import { refundPurchase } from '#server/modules/admin/refundPurchase.ts';
import {
  PHONES,
  refundSettled,
  withReceiptChecks,
  worldForEachTest,
  buyWithMpesa,
} from '#tests/support/paymentsWorld.ts';
import { outbox } from '#tests/support/smsOutbox.ts';
import { make } from '#tests/support/factories/index.ts';

const w = worldForEachTest();
let admin: SessionUser;
beforeEach(async () => {
  admin = await make.actor(w.t.db, { role: 'admin' });
});

async function state(paymentId: string, courseId: string) {
  const db = w.t.db;
  const p = await db.selectFrom('payment').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
  const enrolled = await db.selectFrom('enrollment').select('id').where('paymentId', '=', paymentId).execute();
  const c = await db.selectFrom('course').select('enrolledCount').where('id', '=', courseId).executeTakeFirstOrThrow();
  const refunds = await db.selectFrom('refund').select('status').where('paymentId', '=', paymentId).execute();
  const audit = await db.selectFrom('auditLog').select('action').where('targetId', '=', paymentId).execute();
  return {
    status: p.status,
    enrolled: enrolled.length,
    enrolledCount: toNum(c.enrolledCount),
    refund: refunds[0]?.status ?? null,
    audit: audit.map((a) => a.action).sort(),
  };
}

const reversals = () => w.sim.received.filter((r) => r.path === '/mpesa/reversal/v1/request');

describe('refunds', () => {
  const settled = (paymentId: string) => refundSettled(w, paymentId);
  const smsTo = async (phone: string) => (await outbox(w.running)).filter((m) => m.to === phone).map((m) => m.message);

  it('is requested until M-Pesa confirms the reversal, then revokes access, leaves revenue and tells the learner', async () => {
    const buyer = await make.actor(w.t.db);
    const phone = (
      await w.t.db.selectFrom('user').select('phone').where('id', '=', buyer.userId).executeTakeFirstOrThrow()
    ).phone;
    const { course } = await make.creatorWithCourse(w.t.db, { price: 2000 });
    const paid = await buyWithMpesa(w, buyer, course, PHONES.success);
    expect(paid.status).toBe('paid');
    expect((await getDashboard(w.running.services, admin)).revenue.total).toBe(2000);

    const r = await refundPurchase(w.running.services, admin, { paymentId: paid.id, reason: 'Duplicate purchase' });
    expect(r.status).toBe('requested');
    expect(reversals()).toHaveLength(1);
    expect(reversals()[0]!.body).toMatchObject({
      CommandID: 'TransactionReversal',
      TransactionID: paid.receipt,
      Amount: 2000,
    });
    // Nothing is taken away before M-Pesa confirms.
    expect(await state(paid.id, course.id)).toEqual({
      status: 'paid',
      enrolled: 1,
      enrolledCount: 1,
      refund: 'requested',
      audit: ['purchase.refund_requested'],
    });

    expect(await settled(paid.id)).toBe('done');
    expect(await state(paid.id, course.id)).toEqual({
      status: 'refunded',
      enrolled: 0,
      enrolledCount: 0,
      refund: 'done',
      audit: ['purchase.refund', 'purchase.refund_requested'],
    });
    const dash = await getDashboard(w.running.services, admin);
    expect(dash.revenue).toMatchObject({ total: 0, refunded: 2000 });
    expect(dash.purchases).toMatchObject({ total: 1, refunded: 1 });
    expect(
      await withReceiptChecks(w, async () => (await smsTo(phone)).find((m) => /refund of KES 2,000/.test(m))),
    ).toMatch(/back on your M-Pesa/);

    // A second refund is refused before M-Pesa is asked again.
    const again = await refundPurchase(w.running.services, admin, { paymentId: paid.id }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(DomainError);
    expect(statusOf(again)).toBe(409);
    expect(reversals()).toHaveLength(1);
  });

  it('refuses to refund an unpaid purchase', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 1500 });
    const failed = await buyWithMpesa(w, buyer, course, PHONES.insufficient);
    expect(failed.status).toBe('failed');
    const err = await refundPurchase(w.running.services, admin, { paymentId: failed.id }).catch((e: unknown) => e);
    expect(statusOf(err)).toBe(409);
    expect(await state(failed.id, course.id)).toEqual({
      status: 'failed',
      enrolled: 0,
      enrolledCount: 0,
      refund: null,
      audit: [],
    });
    expect(reversals()).toHaveLength(0);
  });

  it('reverses once when two admins refund the same purchase at the same moment', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 1500 });
    const paid = await buyWithMpesa(w, buyer, course, PHONES.success);
    const results = await Promise.allSettled([
      refundPurchase(w.running.services, admin, { paymentId: paid.id }),
      refundPurchase(w.running.services, admin, { paymentId: paid.id }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(reversals()).toHaveLength(1);
    expect(await settled(paid.id)).toBe('done');
    expect(await state(paid.id, course.id)).toMatchObject({ status: 'refunded', enrolled: 0, refund: 'done' });
  });

  it('keeps access when M-Pesa fails the reversal, says why, and reverses when asked again', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 1000 });
    const paid = await buyWithMpesa(w, buyer, course, PHONES.success);
    // Daraja accepts the request, then fails a reversal whose amount does not match: make ours disagree.
    await w.t.db.updateTable('payment').set({ amount: 999 }).where('id', '=', paid.id).execute();
    await refundPurchase(w.running.services, admin, { paymentId: paid.id });
    expect(await settled(paid.id)).toBe('failed');
    const refund = await w.t.db
      .selectFrom('refund')
      .selectAll()
      .where('paymentId', '=', paid.id)
      .executeTakeFirstOrThrow();
    expect(refund.failureReason).toMatch(/amount does not match/);
    expect(await state(paid.id, course.id)).toEqual({
      status: 'paid',
      enrolled: 1,
      enrolledCount: 1,
      refund: 'failed',
      audit: ['purchase.refund_failed', 'purchase.refund_requested'],
    });

    await w.t.db.updateTable('payment').set({ amount: 1000 }).where('id', '=', paid.id).execute();
    expect((await refundPurchase(w.running.services, admin, { paymentId: paid.id })).status).toBe('requested');
    expect(await settled(paid.id)).toBe('done');
    expect(await state(paid.id, course.id)).toMatchObject({ status: 'refunded', enrolled: 0, refund: 'done' });
    expect(reversals()).toHaveLength(2);
  });

  it('changes nothing when M-Pesa cannot be reached', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 1000 });
    const paid = await buyWithMpesa(w, buyer, course, PHONES.success);
    await w.sim.close();
    const err = await refundPurchase(w.running.services, admin, { paymentId: paid.id }).catch((e: unknown) => e);
    expect(statusOf(err)).toBe(502);
    expect(await state(paid.id, course.id)).toEqual({
      status: 'paid',
      enrolled: 1,
      enrolledCount: 1,
      refund: null,
      audit: [],
    });
  });
});
