// Bundles (issue 27, decision 0063) through the real operations and the Daraja simulator: a creator makes a
// bundle of their own courses only (every role tried); a learner buys it with M-Pesa and then owns each
// course, paying less for the courses they owned already; one sale enters the ledger; an admin's refund
// revokes exactly the enrollments it made and reverses every ledger line; bad requests change nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { SessionUser } from '#server/core/actor.ts';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import { refundPurchase } from '#server/modules/admin/refundPurchase.ts';
import { listAllPurchases } from '#server/modules/admin/listAllPurchases.ts';
import { deleteBundle } from '#server/modules/bundles/deleteBundle.ts';
import { getBundlePage } from '#server/modules/bundles/getBundlePage.ts';
import { listBundles } from '#server/modules/bundles/listBundles.ts';
import { listStudioBundles } from '#server/modules/bundles/listStudioBundles.ts';
import { saveBundle } from '#server/modules/bundles/saveBundle.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { listMyPurchases } from '#server/modules/payments/listMyPurchases.ts';
import { answeredStatus as statusOf } from '#tests/support/errorStatus.ts';
import { ledgerOfPayment as ledgerOf } from '#tests/support/ledgerOfPayment.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import {
  confirmedReceipt,
  newKey,
  PHONES,
  pushes,
  refundSettled,
  settledPayment,
  worldForEachTest,
} from '#tests/support/paymentsWorld.ts';

const w = worldForEachTest();

let creator: SessionUser;
let courses: { id: string; price: number }[];
let other: SessionUser;
let othersCourse: { id: string };
beforeEach(async () => {
  const c = await make.user(w.t.db, { role: 'creator' });
  creator = { userId: c.id, name: c.name, email: c.email as string, role: 'creator', locale: 'en' };
  courses = [];
  for (const price of [1000, 500, 500]) courses.push(await make.course(w.t.db, { creator: c, price }));
  other = await make.actor(w.t.db, { role: 'creator' });
  othersCourse = await make.course(w.t.db, {
    creator: { id: other.userId, name: other.name },
    price: 800,
  });
});

const bundleOf = (courseIds: string[], price = 1500) => ({
  title: 'Business starter pack',
  description: 'Three courses to start a business.',
  courseIds,
  price,
});

const enrolled = (db: Kysely<DB>, userId: string) =>
  db
    .selectFrom('enrollment')
    .select(['courseId', 'paymentId', 'bundlePaymentId'])
    .where('userId', '=', userId)
    .execute();

async function students(ids: string[]) {
  const rows = await w.t.db.selectFrom('course').select(['id', 'enrolledCount']).where('id', 'in', ids).execute();
  return ids.map((id) => toNum(rows.find((r) => r.id === id)!.enrolledCount));
}

async function buyBundle(buyer: SessionUser, bundleId: string, amount: number) {
  const r = await startPayment(w.running.services, buyer, {
    bundleId,
    amount,
    phone: PHONES.success,
    idempotencyKey: newKey(),
  });
  if (r.kind !== 'payment') throw new Error('expected a payment');
  const paid = await settledPayment(w, buyer, r.payment.id);
  expect(paid.status).toBe('paid');
  return paid.id;
}

describe('bundles', () => {
  it('is made by its creator of their own published courses only, edited and deleted by its creator or an admin', async () => {
    const ids = courses.map((c) => c.id);
    const customer = await make.actor(w.t.db);
    const admin = await make.actor(w.t.db, { role: 'admin' });
    const count = async () => (await w.t.db.selectFrom('bundle').selectAll().execute()).length;
    // Nobody but a creator makes one; a creator only of their own courses.
    expect(await statusOf(saveBundle(w.running.services, null, { bundle: bundleOf(ids) }))).toBe(401);
    expect(await statusOf(saveBundle(w.running.services, customer, { bundle: bundleOf(ids) }))).toBe(403);
    expect(await statusOf(saveBundle(w.running.services, admin, { bundle: bundleOf(ids) }))).toBe(403);
    expect(await statusOf(saveBundle(w.running.services, other, { bundle: bundleOf(ids) }))).toBe(403);
    expect(
      await statusOf(saveBundle(w.running.services, creator, { bundle: bundleOf([ids[0]!, othersCourse.id]) })),
    ).toBe(403);
    // Price at least the sum, one course, a bad body: 400.
    expect(await statusOf(saveBundle(w.running.services, creator, { bundle: bundleOf(ids, 2000) }))).toBe(400);
    expect(await statusOf(saveBundle(w.running.services, creator, { bundle: bundleOf([ids[0]!], 500) }))).toBe(400);
    expect(await statusOf(saveBundle(w.running.services, creator, { bundle: { ...bundleOf(ids), x: 1 } }))).toBe(400);
    expect(await statusOf(saveBundle(w.running.services, creator, { bundle: bundleOf(ids, 5) }))).toBe(400);
    expect(await count()).toBe(0);

    const { id } = await saveBundle(w.running.services, creator, { bundle: bundleOf(ids) });
    expect((await listStudioBundles(w.running.services, creator)).bundles).toEqual([
      expect.objectContaining({ id, price: 1500, courseIds: ids }),
    ]);
    expect(await statusOf(listStudioBundles(w.running.services, customer))).toBe(403);
    // Only its creator or an admin edits or deletes it.
    const edit = { bundleId: id, bundle: bundleOf(ids.slice(0, 2), 1200) };
    expect(await statusOf(saveBundle(w.running.services, other, edit))).toBe(403);
    expect(await statusOf(saveBundle(w.running.services, customer, edit))).toBe(403);
    expect(await statusOf(saveBundle(w.running.services, null, edit))).toBe(401);
    expect(await statusOf(deleteBundle(w.running.services, other, { bundleId: id }))).toBe(403);
    expect(await statusOf(deleteBundle(w.running.services, customer, { bundleId: id }))).toBe(403);
    expect(await statusOf(deleteBundle(w.running.services, null, { bundleId: id }))).toBe(401);
    expect(await statusOf(deleteBundle(w.running.services, creator, { bundleId: 'nope' }))).toBe(404);
    expect((await getBundlePage(w.running.services, null, { bundleId: id })).courses).toHaveLength(3);
    await saveBundle(w.running.services, creator, edit);
    const page = await getBundlePage(w.running.services, null, { bundleId: id });
    expect(page).toMatchObject({ price: 1200, listTotal: 1500, saving: 300, forSale: true, buyable: false });
    expect(page.courses.map((c) => c.id)).toEqual(ids.slice(0, 2));
    // Shown on its courses' pages and its creator's page, not on other courses'.
    expect((await listBundles(w.running.services, null, { courseId: ids[0]! })).map((b) => b.id)).toEqual([id]);
    expect(await listBundles(w.running.services, null, { courseId: ids[2]! })).toEqual([]);
    expect((await listBundles(w.running.services, null, { creatorId: creator.userId })).map((b) => b.id)).toEqual([id]);
    // Found by search, by the words of its title or description.
    expect((await listBundles(w.running.services, null, { q: 'STARTER' })).map((b) => b.id)).toEqual([id]);
    expect((await listBundles(w.running.services, null, { q: 'three courses' })).map((b) => b.id)).toEqual([id]);
    expect(await listBundles(w.running.services, null, { q: '100%_' })).toEqual([]);
    await deleteBundle(w.running.services, admin, { bundleId: id });
    expect(await statusOf(getBundlePage(w.running.services, null, { bundleId: id }))).toBe(404);
    expect(await listBundles(w.running.services, null, { courseId: ids[0]! })).toEqual([]);
  });

  it('is bought with M-Pesa: one payment, each course granted, one sale; a refund revokes them and reverses the sale', async () => {
    const ids = courses.map((c) => c.id);
    const { id: bundleId } = await saveBundle(w.running.services, creator, { bundle: bundleOf(ids) });
    const buyer = await make.actor(w.t.db, { phone: '+254711000111' });
    // Owns the 1000 course already: pays the bundle price times 1000/2000 of the courses left.
    await make.enrollment(w.t.db, { userId: buyer.userId, courseId: ids[0]! });
    const page = await getBundlePage(w.running.services, buyer, { bundleId });
    expect(page).toMatchObject({ price: 750, saving: 250, buyable: true });
    expect(page.courses.map((c) => c.owned)).toEqual([true, false, false]);
    // The old price is refused, sending no prompt.
    const before = pushes(w.sim).length;
    expect(
      await statusOf(
        startPayment(w.running.services, buyer, {
          bundleId,
          amount: 1500,
          phone: PHONES.success,
          idempotencyKey: newKey(),
        }),
      ),
    ).toBe(409);
    expect(pushes(w.sim).length).toBe(before);

    const paymentId = await buyBundle(buyer, bundleId, 750);
    expect((await enrolled(w.t.db, buyer.userId)).sort((a, b) => a.courseId.localeCompare(b.courseId))).toEqual(
      [
        { courseId: ids[0], paymentId: null, bundlePaymentId: null },
        { courseId: ids[1], paymentId: null, bundlePaymentId: paymentId },
        { courseId: ids[2], paymentId: null, bundlePaymentId: paymentId },
      ].sort((a, b) => a.courseId!.localeCompare(b.courseId!)),
    );
    expect(await students(ids.slice(1))).toEqual([1, 1]);
    const sale = await ledgerOf(w.t.db, paymentId);
    expect(sale.entries).toBe(1);
    expect(sale.sums.mpesa_paybill).toBe(750);
    expect(Object.values(sale.sums).reduce((a, b) => a + b, 0)).toBe(0);
    // The buyer's purchases name the bundle, linked to its page.
    expect((await listMyPurchases(w.running.services, buyer))[0]).toMatchObject({
      paymentId,
      courseTitle: 'Business starter pack',
      bundleId,
      amount: 750,
    });
    // Owning every course now: nothing left to buy.
    expect((await getBundlePage(w.running.services, buyer, { bundleId })).allOwned).toBe(true);
    expect(
      await statusOf(
        startPayment(w.running.services, buyer, {
          bundleId,
          amount: 750,
          phone: PHONES.success,
          idempotencyKey: newKey(),
        }),
      ),
    ).toBe(409);

    // The admin sees it as a bundle purchase and refunds it.
    await confirmedReceipt(w, paymentId);
    const admin = await make.actor(w.t.db, { role: 'admin' });
    const listed = await listAllPurchases(w.running.services, admin, {});
    expect(listed.items.find((p) => p.id === paymentId)).toMatchObject({ bundleTitle: 'Business starter pack' });
    expect(await statusOf(refundPurchase(w.running.services, buyer, { paymentId }))).toBe(403);
    expect(await statusOf(refundPurchase(w.running.services, creator, { paymentId }))).toBe(403);
    expect((await refundPurchase(w.running.services, admin, { paymentId })).status).toBe('requested');
    expect(await refundSettled(w, paymentId)).toBe('done');
    const after = await ledgerOf(w.t.db, paymentId);
    expect(after.kinds).toEqual(['refund', 'sale']);
    for (const sum of Object.values(after.sums)) expect(sum).toBe(0);
    // Only what the bundle granted is revoked; the course owned before stays.
    expect(await enrolled(w.t.db, buyer.userId)).toEqual([
      { courseId: ids[0], paymentId: null, bundlePaymentId: null },
    ]);
    expect(await students(ids.slice(1))).toEqual([0, 0]);
  });

  it('refuses its own creator, other roles, coupons, gifts and unknown bundles, changing nothing', async () => {
    const ids = courses.map((c) => c.id);
    const { id: bundleId } = await saveBundle(w.running.services, creator, { bundle: bundleOf(ids) });
    const admin = await make.actor(w.t.db, { role: 'admin' });
    const buyer = await make.actor(w.t.db);
    const ask = (over: Record<string, unknown>) => ({
      bundleId,
      amount: 1500,
      phone: PHONES.success,
      idempotencyKey: newKey(),
      ...over,
    });
    expect(await statusOf(startPayment(w.running.services, null, ask({})))).toBe(401);
    expect(await statusOf(startPayment(w.running.services, creator, ask({})))).toBe(403);
    expect(await statusOf(startPayment(w.running.services, other, ask({})))).toBe(403);
    expect(await statusOf(startPayment(w.running.services, admin, ask({})))).toBe(403);
    expect(await statusOf(startPayment(w.running.services, buyer, ask({ couponCode: 'SAVE10' })))).toBe(400);
    expect(await statusOf(startPayment(w.running.services, buyer, ask({ gift: { phone: '0733444555' } })))).toBe(400);
    expect(await statusOf(startPayment(w.running.services, buyer, ask({ courseId: ids[0] })))).toBe(400);
    expect(await statusOf(startPayment(w.running.services, buyer, ask({ bundleId: ids[0] })))).toBe(404);
    expect(await statusOf(startPayment(w.running.services, buyer, ask({ bundleId: '../x' })))).toBe(400);
    expect(await w.t.db.selectFrom('payment').selectAll().execute()).toEqual([]);
    expect(pushes(w.sim)).toEqual([]);
  });

  it('is bought over HTTP: POST /api/payments takes bundleId, refuses a stale price, answers a repeat once', async () => {
    const ids = courses.map((c) => c.id);
    const { id: bundleId } = await saveBundle(w.running.services, creator, { bundle: bundleOf(ids) });
    const client = new Client(w.running.url);
    expect((await client.register(newRegistration({ role: 'customer' }))).status).toBe(201);
    const start = (json: Record<string, unknown>) => client.request('/api/payments', { method: 'POST', json });
    const body = { bundleId, amount: 1500, phone: PHONES.success, idempotencyKey: newKey() };
    // A stale price: 409 with the words the modal shows (translated there), and no prompt.
    const stale = await start({ ...body, amount: 1400 });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { message: string } }).error.message).toBe(
      'The price of this bundle has changed. Please check it and try again.',
    );
    expect(pushes(w.sim)).toEqual([]);
    const res = await start(body);
    expect(res.status).toBe(202);
    const { payment } = (await res.json()) as { kind: string; payment: { id: string; amount: number } };
    expect(payment.amount).toBe(1500);
    // The same press again answers the same payment and sends no second prompt.
    const again = await start(body);
    expect(((await again.json()) as { payment: { id: string } }).payment.id).toBe(payment.id);
    expect(pushes(w.sim)).toHaveLength(1);
  });
});
