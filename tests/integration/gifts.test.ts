// Gifts end to end (issue 27, decision 0061): a real M-Pesa purchase through the Daraja simulator whose
// course goes to nobody until the recipient, signed in with the gift's phone number, claims it from the SMS
// link; claimed once under concurrency; refused for another number; an unclaimed gift's refund reverses its
// ledger lines and kills the link; invalid numbers are refused with nothing stored.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { SessionUser } from '#server/core/actor.ts';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import { startJobWorker } from '#server/jobs/jobWorker.ts';
import { refundPurchase } from '#server/modules/admin/refundPurchase.ts';
import { listAllPurchases } from '#server/modules/admin/listAllPurchases.ts';
import { claimGift } from '#server/modules/gifts/claimGift.ts';
import { getGift } from '#server/modules/gifts/getGift.ts';
import { listMyGifts } from '#server/modules/gifts/listMyGifts.ts';
import { resendGift } from '#server/modules/gifts/resendGift.ts';
import { refundMyGift } from '#server/modules/payments/refundMyGift.ts';
import { sendGiftSmsJob } from '#server/modules/gifts/sendGiftSmsJob.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { sendReceiptJob } from '#server/modules/payments/sendReceiptJob.ts';
import { eventually } from '#tests/support/eventually.ts';
import { answeredStatus as statusOf } from '#tests/support/errorStatus.ts';
import { ledgerOfPayment as ledgerOf } from '#tests/support/ledgerOfPayment.ts';
import { make } from '#tests/support/factories/index.ts';
import {
  confirmedReceipt,
  newKey,
  PHONES,
  pushes,
  refundSettled,
  settledPayment,
  worldForEachTest,
} from '#tests/support/paymentsWorld.ts';
import { outbox } from '#tests/support/smsOutbox.ts';

const w = worldForEachTest();
const RECIPIENT = '+254733444555';

let buyer: SessionUser;
let course: { id: string; price: number };
beforeEach(async () => {
  buyer = await make.actor(w.t.db, { phone: '+254711000111' });
  ({ course } = await make.creatorWithCourse(w.t.db, { price: 1500 }));
});

/** The claim link of the newest gift SMS to `phone`, the gift SMS job run by a worker of its own. */
async function giftLink(phone: string, after = 0): Promise<{ token: string; text: string }> {
  const worker = startJobWorker(w.running.services, [sendGiftSmsJob], { concurrency: 1, pollMs: 20 });
  try {
    return await eventually(async () => {
      const sms = (await outbox(w.running)).filter((m) => m.to === phone && m.message.includes('/gift/'));
      if (sms.length <= after) return null;
      const text = sms[0]!.message;
      return { token: /\/gift\/([A-Za-z0-9_-]{43})/.exec(text)![1]!, text };
    });
  } finally {
    await worker.stop();
  }
}

async function buyGift(phone = RECIPIENT, language?: 'en' | 'sw') {
  const r = await startPayment(w.running.services, buyer, {
    courseId: course.id,
    amount: course.price,
    phone: PHONES.success,
    idempotencyKey: newKey(),
    gift: { phone, ...(language ? { language } : {}) },
  });
  if (r.kind !== 'payment') throw new Error('expected a payment');
  const paid = await settledPayment(w, buyer, r.payment.id);
  expect(paid.status).toBe('paid');
  return paid.id;
}

/** A customer signed in with `phone`, proven by a code (as phone sign-in leaves them). */
const recipient = (db: Kysely<DB>, phone = RECIPIENT, verified = true) =>
  make.actor(db, { phone, phoneVerified: verified });

const enrollments = (db: Kysely<DB>) =>
  db.selectFrom('enrollment').select(['userId', 'paymentId']).where('courseId', '=', course.id).execute();

describe('gifts', () => {
  it('is a normal sale, enrolls nobody until the recipient claims it from the SMS link, and is claimed once', async () => {
    const paymentId = await buyGift();
    expect(await enrollments(w.t.db)).toEqual([]);
    const ledger = await ledgerOf(w.t.db, paymentId);
    expect(ledger.kinds).toEqual(['sale']);
    expect(Object.values(ledger.sums).reduce((a, b) => a + b, 0)).toBe(0);

    const { token, text } = await giftLink(RECIPIENT);
    expect(text).toContain(w.running.services.config.publicUrl);
    // The buyer's language by default (English here).
    expect(text).toMatch(/gave you the course/);
    const stored = await w.t.db.selectFrom('gift').select('tokenHash').executeTakeFirstOrThrow();
    expect(stored.tokenHash).not.toContain(token);

    expect(await getGift(w.running.services, null, { token })).toMatchObject({
      courseId: course.id,
      state: 'open',
      claim: 'sign-in',
      phone: '+254 7•• ••• 555',
    });
    const them = await recipient(w.t.db);
    expect((await getGift(w.running.services, them, { token })).claim).toBe('ok');
    expect(await claimGift(w.running.services, them, { token })).toEqual({ courseId: course.id });
    expect(await enrollments(w.t.db)).toEqual([{ userId: them.userId, paymentId }]);
    const c = await w.t.db.selectFrom('course').select('enrolledCount').where('id', '=', course.id).executeTakeFirst();
    expect(toNum(c!.enrolledCount)).toBe(1);
    // Again: the same person is answered as before, nothing changes; the buyer sees it claimed.
    expect(await claimGift(w.running.services, them, { token })).toEqual({ courseId: course.id });
    expect(await enrollments(w.t.db)).toHaveLength(1);
    expect((await getGift(w.running.services, them, { token })).state).toBe('yours');
    const [mine] = await listMyGifts(w.running.services, buyer);
    expect(mine).toMatchObject({ state: 'claimed', resendsLeft: 0, courseId: course.id });
    // A claimed gift cannot be refunded by the admin's refund of unclaimed gifts.
    await confirmedReceipt(w, paymentId);
    const admin = await make.actor(w.t.db, { role: 'admin' });
    expect(await statusOf(refundPurchase(w.running.services, admin, { paymentId }))).toBe(409);
    expect(await w.t.db.selectFrom('refund').selectAll().execute()).toEqual([]);
  });

  it('is claimed once by racing claims, and a refund asked for at the same time either wins or is refused', async () => {
    const paymentId = await buyGift();
    await confirmedReceipt(w, paymentId);
    const { token } = await giftLink(RECIPIENT);
    // A verified number belongs to one account: the racers are its tabs, and an admin refunding meanwhile.
    const them = await recipient(w.t.db);
    const admin = await make.actor(w.t.db, { role: 'admin' });
    const [refund, ...claims] = await Promise.all([
      statusOf(refundPurchase(w.running.services, admin, { paymentId })),
      ...[1, 2, 3, 4].map(() => statusOf(claimGift(w.running.services, them, { token }))),
    ]);
    const won = await enrollments(w.t.db);
    const gift = await w.t.db.selectFrom('gift').select(['claimedBy', 'cancelledAt']).executeTakeFirstOrThrow();
    const c = await w.t.db.selectFrom('course').select('enrolledCount').where('id', '=', course.id).executeTakeFirst();
    if (refund === 200) {
      expect(won).toEqual([]);
      expect(gift.claimedBy).toBeNull();
      expect(claims.every((s) => s === 409)).toBe(true);
    } else {
      expect(refund).toBe(409);
      expect(won).toEqual([{ userId: them.userId, paymentId }]);
      expect(gift).toMatchObject({ claimedBy: them.userId, cancelledAt: null });
      expect(toNum(c!.enrolledCount)).toBe(1);
      expect(claims.every((s) => s === 200)).toBe(true);
      expect(await w.t.db.selectFrom('refund').selectAll().execute()).toEqual([]);
    }
  });

  it('refuses another number, an unproven number, the buyer and a creator, and a recipient who owns the course', async () => {
    await buyGift();
    const { token } = await giftLink(RECIPIENT);
    const other = await recipient(w.t.db, '+254799888777');
    const unproven = await recipient(w.t.db, RECIPIENT, false);
    const creator = await make.actor(w.t.db, { role: 'creator', phone: RECIPIENT });
    expect((await getGift(w.running.services, other, { token })).claim).toBe('wrong-number');
    expect((await getGift(w.running.services, creator, { token })).claim).toBe('not-customer');
    for (const who of [other, unproven, buyer, creator])
      expect(await statusOf(claimGift(w.running.services, who, { token }))).toBe(403);
    expect(await statusOf(claimGift(w.running.services, null, { token }))).toBe(401);
    expect(await statusOf(claimGift(w.running.services, other, { token: 'x'.repeat(43) }))).toBe(404);
    expect(await statusOf(claimGift(w.running.services, other, { token: 'bad' }))).toBe(400);
    // Already owns it: refused, and the gift stays claimable (or refundable).
    const owner = await recipient(w.t.db);
    expect((await getGift(w.running.services, owner, { token })).claim).toBe('ok');
    await make.enrollment(w.t.db, { userId: owner.userId, courseId: course.id });
    expect(await statusOf(claimGift(w.running.services, owner, { token }))).toBe(409);
    const gift = await w.t.db.selectFrom('gift').select('claimedBy').executeTakeFirstOrThrow();
    expect(gift.claimedBy).toBeNull();
    expect(await enrollments(w.t.db)).toHaveLength(1);
  });

  it('sends the SMS in the language the buyer chose, and lets the buyer resend it three times (new link each time)', async () => {
    const paymentId = await buyGift(RECIPIENT, 'sw');
    const first = await giftLink(RECIPIENT);
    expect(first.text).toMatch(/amekupa zawadi/);
    const [mine] = await listMyGifts(w.running.services, buyer);
    expect(mine).toMatchObject({ paymentId, state: 'unclaimed', resendsLeft: 3 });
    const stranger = await make.actor(w.t.db);
    expect(await statusOf(resendGift(w.running.services, stranger, { giftId: mine!.id }))).toBe(404);
    expect(await statusOf(resendGift(w.running.services, null, { giftId: mine!.id }))).toBe(401);
    expect(await resendGift(w.running.services, buyer, { giftId: mine!.id })).toEqual({ resendsLeft: 2 });
    const second = await giftLink(RECIPIENT, 1);
    expect(second.token).not.toBe(first.token);
    // Only the newest link works.
    expect(await statusOf(getGift(w.running.services, null, { token: first.token }))).toBe(404);
    await resendGift(w.running.services, buyer, { giftId: mine!.id });
    await resendGift(w.running.services, buyer, { giftId: mine!.id });
    expect(await statusOf(resendGift(w.running.services, buyer, { giftId: mine!.id }))).toBe(429);
  });

  it('refunds an unclaimed gift: the link stops at once, and the confirmed reversal reverses every ledger line', async () => {
    const paymentId = await buyGift();
    await confirmedReceipt(w, paymentId);
    const { token } = await giftLink(RECIPIENT);
    // The buyer's receipt is a gift's: its link is their purchases page, not a lesson they do not own.
    const receipts = startJobWorker(w.running.services, [sendReceiptJob], { concurrency: 1, pollMs: 20 });
    try {
      const receipt = await eventually(async () =>
        (await outbox(w.running)).find((m) => m.to === '+254711000111' && m.message.includes('payment received')),
      );
      expect(receipt.message).toMatch(/for your gift .*\/customer\/purchases#gifts$/);
    } finally {
      await receipts.stop();
    }
    const admin = await make.actor(w.t.db, { role: 'admin' });
    const customer = await make.actor(w.t.db);
    expect(await statusOf(refundPurchase(w.running.services, customer, { paymentId }))).toBe(403);
    // The admin's purchases list says it is an unclaimed gift.
    const listed = await listAllPurchases(w.running.services, admin, {});
    expect(listed.items.find((p) => p.id === paymentId)?.gift).toBe('unclaimed');
    expect((await refundPurchase(w.running.services, admin, { paymentId })).status).toBe('requested');
    // The link stops working as soon as the refund is asked for.
    expect((await getGift(w.running.services, null, { token })).state).toBe('cancelled');
    const them = await recipient(w.t.db);
    expect(await statusOf(claimGift(w.running.services, them, { token }))).toBe(409);
    expect(
      await statusOf(
        resendGift(w.running.services, buyer, { giftId: (await listMyGifts(w.running.services, buyer))[0]!.id }),
      ),
    ).toBe(409);
    expect((await listMyGifts(w.running.services, buyer))[0]!.state).toBe('refunding');

    expect(await refundSettled(w, paymentId)).toBe('done');
    const ledger = await ledgerOf(w.t.db, paymentId);
    expect(ledger.kinds).toEqual(['refund', 'sale']);
    for (const sum of Object.values(ledger.sums)) expect(sum).toBe(0);
    expect(await enrollments(w.t.db)).toEqual([]);
    expect((await listMyGifts(w.running.services, buyer))[0]!.state).toBe('refunded');
    expect(await statusOf(claimGift(w.running.services, them, { token }))).toBe(409);
  });

  it('lets the buyer refund an unclaimed gift themselves, once however often they press, and nobody else', async () => {
    const paymentId = await buyGift();
    await confirmedReceipt(w, paymentId);
    const { token } = await giftLink(RECIPIENT);
    const [gift] = await listMyGifts(w.running.services, buyer);
    expect(gift).toMatchObject({ state: 'unclaimed', amount: 1500 });
    const giftId = gift!.id;
    // Another customer, an admin (theirs is the admin console) and a visitor: as if there were no such gift.
    for (const who of [await make.actor(w.t.db), await make.actor(w.t.db, { role: 'admin' })])
      expect(await statusOf(refundMyGift(w.running.services, who, { giftId }))).toBe(404);
    expect(await statusOf(refundMyGift(w.running.services, null, { giftId }))).toBe(401);
    expect(await statusOf(refundMyGift(w.running.services, buyer, { giftId: 'not an id' }))).toBe(400);

    // Pressed three times at once: one reversal asked of M-Pesa, the others refused as in progress.
    const pressed = await Promise.all(
      [1, 2, 3].map(() => statusOf(refundMyGift(w.running.services, buyer, { giftId }))),
    );
    expect(pressed.sort()).toEqual([200, 409, 409]);
    expect(await w.t.db.selectFrom('refund').select('actorId').where('paymentId', '=', paymentId).execute()).toEqual([
      { actorId: buyer.userId },
    ]);
    expect((await getGift(w.running.services, null, { token })).state).toBe('cancelled');
    expect(await statusOf(claimGift(w.running.services, await recipient(w.t.db), { token }))).toBe(409);
    expect(await refundSettled(w, paymentId)).toBe('done');
    const ledger = await ledgerOf(w.t.db, paymentId);
    for (const sum of Object.values(ledger.sums)) expect(sum).toBe(0);
    expect((await listMyGifts(w.running.services, buyer))[0]!.state).toBe('refunded');
    expect(await statusOf(refundMyGift(w.running.services, buyer, { giftId }))).toBe(409);
  });

  it('refuses the buyer’s refund of a claimed gift', async () => {
    const paymentId = await buyGift();
    await confirmedReceipt(w, paymentId);
    const { token } = await giftLink(RECIPIENT);
    await claimGift(w.running.services, await recipient(w.t.db), { token });
    const [gift] = await listMyGifts(w.running.services, buyer);
    expect(await statusOf(refundMyGift(w.running.services, buyer, { giftId: gift!.id }))).toBe(409);
    expect(await w.t.db.selectFrom('refund').select('id').where('paymentId', '=', paymentId).execute()).toEqual([]);
  });

  it('refuses invalid numbers and the buyer’s own number with a 400, storing nothing and sending no prompt', async () => {
    for (const phone of ['', '12345', '0812345678', '+255712345678', 'not a phone', '0711 000 111', '0'.repeat(40)]) {
      const err = await statusOf(
        startPayment(w.running.services, buyer, {
          courseId: course.id,
          amount: course.price,
          phone: PHONES.success,
          idempotencyKey: newKey(),
          gift: { phone },
        }),
      );
      expect(err, phone).toBe(400);
    }
    const bad = { courseId: course.id, amount: course.price, phone: PHONES.success, idempotencyKey: newKey() };
    expect(
      await statusOf(startPayment(w.running.services, buyer, { ...bad, gift: { phone: RECIPIENT, language: 'fr' } })),
    ).toBe(400);
    expect(
      await statusOf(startPayment(w.running.services, buyer, { ...bad, gift: { phone: RECIPIENT, extra: 1 } })),
    ).toBe(400);
    expect(await w.t.db.selectFrom('payment').selectAll().execute()).toEqual([]);
    expect(await w.t.db.selectFrom('gift').selectAll().execute()).toEqual([]);
    expect(pushes(w.sim)).toHaveLength(0);
  });

  it('lets a buyer who owns the course give it', async () => {
    await make.enrollment(w.t.db, { userId: buyer.userId, courseId: course.id });
    await buyGift();
    const { token } = await giftLink(RECIPIENT);
    const them = await recipient(w.t.db);
    await claimGift(w.running.services, them, { token });
    expect((await enrollments(w.t.db)).map((e) => e.userId).sort()).toEqual([buyer.userId, them.userId].sort());
  });
});
