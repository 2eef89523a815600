// Two buyers racing for a coupon's last use: exactly one gets it, on SQLite and PostgreSQL alike (the
// operation is called concurrently on one server's services, as two requests would).
import { expect, it } from 'vitest';
import type { DomainError } from '#server/core/errors.ts';
import { newId } from '#server/lib/ids.ts';
import { startPayment } from '#server/modules/payments/startPayment.ts';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import { PHONES, newKey, worldForFile } from '#tests/support/paymentsWorld.ts';
import { make } from '#tests/support/factories/index.ts';

// Every racing buyer uses one phone, round after round: its prompt limit is not what this test is about.
const w = worldForFile({ MPESA_PROMPT_LIMIT_PER_PHONE: '0' });

async function couponWithOneUse(value: number) {
  const { creator, course } = await make.creatorWithCourse(w.t.db, { price: 1000 });
  const code = `LAST-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  await w.t.db
    .insertInto('coupon')
    .values({
      id: newId(),
      courseId: course.id,
      code,
      kind: 'percent',
      value,
      expiresAt: null,
      maxUses: 1,
      active: true,
      createdBy: creator.id,
      createdAt: new Date(),
    })
    .execute();
  return { course, code };
}

async function race(value: number, amount: number) {
  const { course, code } = await couponWithOneUse(value);
  const buyers = await Promise.all(Array.from({ length: 4 }, () => make.actor(w.t.db)));
  const results = await Promise.allSettled(
    buyers.map((b) =>
      startPayment(w.running.services, b, {
        courseId: course.id,
        amount,
        phone: PHONES.manual,
        idempotencyKey: newKey(),
        couponCode: code,
      }),
    ),
  );
  const won = results.filter((r) => r.status === 'fulfilled');
  const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as DomainError] : []));
  expect(won).toHaveLength(1);
  expect(lost.map((e) => [e.code, e.message])).toEqual(lost.map(() => ['conflict', COUPON_TEXT.usedUp]));
  const uses = await w.t.db
    .selectFrom('couponUse')
    .innerJoin('coupon', 'coupon.id', 'couponUse.couponId')
    .select('couponUse.id')
    .where('coupon.courseId', '=', course.id)
    .execute();
  expect(uses).toHaveLength(1);
  return course;
}

it('gives the last use of a discount code to exactly one of the buyers racing for it', async () => {
  for (let round = 0; round < 3; round++) {
    const course = await race(30, 700);
    const payments = await w.t.db.selectFrom('payment').select('amount').where('courseId', '=', course.id).execute();
    expect(payments.map((p) => Number(p.amount))).toEqual([700]);
  }
});

it('gives the last use of a free code to exactly one of the buyers racing for it', async () => {
  const course = await race(100, 0);
  const enrolled = await w.t.db.selectFrom('enrollment').select('userId').where('courseId', '=', course.id).execute();
  expect(enrolled).toHaveLength(1);
  const payments = await w.t.db.selectFrom('payment').select('id').where('courseId', '=', course.id).execute();
  expect(payments).toEqual([]);
});
