// Refunds end to end: a real purchase through the Daraja simulator, then the admin's refund sends a real
// reversal request to it; the enrollment is revoked, the payment marked refunded, the student count
// lowered. Unpaid, failed and already refunded purchases are refused with nothing changed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toNum } from '#server/db/values.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { DomainError } from '#server/core/errors.ts';
import { statusOf } from '#tests/support/errorStatus.ts';
import { getDashboard } from '#server/modules/admin/getDashboard.ts';
import { refundPurchase } from '#server/modules/admin/refundPurchase.ts';
import { reversalResultUrl } from '#server/modules/admin/reversalResultUrl.ts';
import { getPaymentForPayer } from '#server/modules/payments/getPaymentForPayer.ts';
import { PHONES, confirmedReceipt, startMpesaPayment, startWorld, type World } from '#tests/support/paymentsWorld.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';

let w: World;
let admin: SessionUser;
beforeEach(async () => {
  w = await startWorld();
  admin = await make.actor(w.t.db, { role: 'admin' });
});
afterEach(async () => {
  await w.close();
});

async function buy(buyer: SessionUser, course: { id: string; price: number }, phone: string) {
  const started = await startMpesaPayment(w, buyer, course, phone);
  const done = await eventually(async () => {
    const p = await getPaymentForPayer(w.running.services, buyer, { paymentId: started.id });
    return p.status !== 'pending' && p.status !== 'created' ? p : null;
  });
  if (done.status !== 'paid') return done;
  // Refunds need the receipt number, confirmed by Transaction Status after settlement.
  await confirmedReceipt(w, done.id);
  return getPaymentForPayer(w.running.services, buyer, { paymentId: done.id });
}

async function state(paymentId: string, courseId: string) {
  const db = w.t.db;
  const p = await db.selectFrom('payment').select('status').where('id', '=', paymentId).executeTakeFirstOrThrow();
  const enrolled = await db.selectFrom('enrollment').select('id').where('paymentId', '=', paymentId).execute();
  const c = await db.selectFrom('course').select('enrolledCount').where('id', '=', courseId).executeTakeFirstOrThrow();
  const refunds = await db.selectFrom('refund').select('providerRef').where('paymentId', '=', paymentId).execute();
  const audit = await db.selectFrom('auditLog').select('action').where('targetId', '=', paymentId).execute();
  return {
    status: p.status,
    enrolled: enrolled.length,
    enrolledCount: toNum(c.enrolledCount),
    refunds: refunds.length,
    audit: audit.length,
  };
}

const reversals = () => w.sim.received.filter((r) => r.path === '/mpesa/reversal/v1/request');

describe('refunds', () => {
  it('reverses a paid purchase through M-Pesa, revokes access and takes it out of revenue', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 2000 });
    const paid = await buy(buyer, course, PHONES.success);
    expect(paid.status).toBe('paid');
    expect(await state(paid.id, course.id)).toEqual({
      status: 'paid',
      enrolled: 1,
      enrolledCount: 1,
      refunds: 0,
      audit: 0,
    });
    expect((await getDashboard(w.running.services, admin)).revenue.total).toBe(2000);

    const r = await refundPurchase(w.running.services, admin, { paymentId: paid.id, reason: 'Duplicate purchase' });
    expect(r.status).toBe('refunded');
    expect(reversals()).toHaveLength(1);
    expect(reversals()[0]!.body).toMatchObject({
      CommandID: 'TransactionReversal',
      TransactionID: paid.receipt,
      Amount: 2000,
    });
    expect(await state(paid.id, course.id)).toEqual({
      status: 'refunded',
      enrolled: 0,
      enrolledCount: 0,
      refunds: 1,
      audit: 1,
    });
    const dash = await getDashboard(w.running.services, admin);
    expect(dash.revenue).toMatchObject({ total: 0, refunded: 2000 });
    expect(dash.purchases).toMatchObject({ total: 1, refunded: 1 });

    // A second refund is refused before M-Pesa is asked again.
    const again = await refundPurchase(w.running.services, admin, { paymentId: paid.id }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(DomainError);
    expect(statusOf(again)).toBe(409);
    expect(reversals()).toHaveLength(1);
    expect(await state(paid.id, course.id)).toEqual({
      status: 'refunded',
      enrolled: 0,
      enrolledCount: 0,
      refunds: 1,
      audit: 1,
    });
  });

  it('refuses to refund an unpaid purchase', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 1500 });
    const failed = await buy(buyer, course, PHONES.insufficient);
    expect(failed.status).toBe('failed');
    const err = await refundPurchase(w.running.services, admin, { paymentId: failed.id }).catch((e: unknown) => e);
    expect(statusOf(err)).toBe(409);
    expect(await state(failed.id, course.id)).toEqual({
      status: 'failed',
      enrolled: 0,
      enrolledCount: 0,
      refunds: 0,
      audit: 0,
    });
    expect(reversals()).toHaveLength(0);
  });

  it('reverses once when two admins refund the same purchase at the same moment', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 1500 });
    const paid = await buy(buyer, course, PHONES.success);
    const results = await Promise.allSettled([
      refundPurchase(w.running.services, admin, { paymentId: paid.id }),
      refundPurchase(w.running.services, admin, { paymentId: paid.id }),
    ]);
    expect(results.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
    expect(reversals()).toHaveLength(1);
    expect(await state(paid.id, course.id)).toEqual({
      status: 'refunded',
      enrolled: 0,
      enrolledCount: 0,
      refunds: 1,
      audit: 1,
    });
  });

  it('writes a reversal M-Pesa refuses later (asynchronously, with a textual code) to the audit log', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 1000 });
    const paid = await buy(buyer, course, PHONES.success);
    // Daraja accepts the request, then refuses a reversal whose amount does not match: make ours disagree.
    await w.t.db.updateTable('payment').set({ amount: 999 }).where('id', '=', paid.id).execute();
    await refundPurchase(w.running.services, admin, { paymentId: paid.id });
    const failed = await eventually(async () => {
      const rows = await w.t.db
        .selectFrom('auditLog')
        .select(['action', 'details'])
        .where('targetId', '=', paid.id)
        .where('action', '=', 'purchase.refund_failed')
        .execute();
      return rows[0] ?? null;
    });
    expect(JSON.parse(failed.details)).toMatchObject({ amount: 999, resultCode: 2 });
  });

  it('changes nothing when M-Pesa cannot be reached', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 1000 });
    const paid = await buy(buyer, course, PHONES.success);
    await w.sim.close();
    const err = await refundPurchase(w.running.services, admin, { paymentId: paid.id }).catch((e: unknown) => e);
    expect(statusOf(err)).toBe(502);
    expect(await state(paid.id, course.id)).toEqual({
      status: 'paid',
      enrolled: 1,
      enrolledCount: 1,
      refunds: 0,
      audit: 0,
    });
  });

  it('writes a reversal that M-Pesa later reports as failed to the audit log; forged results are refused', async () => {
    const buyer = await make.actor(w.t.db);
    const { course } = await make.creatorWithCourse(w.t.db, { price: 800 });
    const paid = await buy(buyer, course, PHONES.success);
    const { providerRef } = await refundPurchase(w.running.services, admin, { paymentId: paid.id });
    const url = reversalResultUrl(w.running.services.config);
    const post = (to: string, body: unknown) =>
      fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const failure = {
      Result: {
        ResultType: 0,
        ResultCode: 2001,
        ResultDesc: 'The initiator information is invalid.',
        ConversationID: providerRef,
      },
    };
    expect((await post(url.replace(/[^/]+$/, 'wrong-secret'), failure)).status).toBe(404);
    expect((await post(url, { nonsense: true })).status).toBe(200);
    const audit = () =>
      w.t.db
        .selectFrom('auditLog')
        .select(['action', 'actorId', 'details'])
        .where('targetId', '=', paid.id)
        .orderBy('createdAt')
        .execute();
    expect((await audit()).map((a) => a.action)).toEqual(['purchase.refund']);
    expect((await post(url, failure)).status).toBe(200);
    const entries = await audit();
    expect(entries.map((a) => [a.action, a.actorId])).toEqual([
      ['purchase.refund', admin.userId],
      ['purchase.refund_failed', 'mpesa'],
    ]);
    expect(JSON.parse(entries[1]!.details)).toMatchObject({ amount: 800, resultCode: 2001 });
  });
});
