import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { checkCouponSchema } from '#common/coupons/couponSchemas.ts';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import { assertUsesLeftInTx } from './countCouponUsesInTx.ts';
import { discountedPrice } from './discountedPrice.ts';
import { findCouponInTx } from './findCouponInTx.ts';
import { limitCouponChecks } from './limitCouponChecks.ts';

export interface CouponQuote {
  code: string;
  price: number;
  discountedPrice: number;
}

/**
 * "Apply" in the purchase modal: the price with this code, or why the code does not work. Only a preview —
 * nothing is held; "Pay with M-Pesa" checks the code again and takes a use.
 */
export async function checkCoupon(services: Services, actor: Actor, input: unknown): Promise<CouponQuote> {
  if (!actor) throw unauthenticated('Please sign in to buy this course.');
  const { db } = services.database;
  await limitCouponChecks(services, { userId: actor.userId });
  const { courseId, code } = parseInput(checkCouponSchema, input, COUPON_TEXT.notValid);
  const course = await db
    .selectFrom('course')
    .select(['id', 'price', 'published'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course || !toBool(course.published)) throw notFound('This course is not available.');
  const coupon = await findCouponInTx(db, { courseId: course.id, code, now: services.clock.now() });
  await assertUsesLeftInTx(db, coupon);
  const price = toNum(course.price);
  return { code, price, discountedPrice: discountedPrice(price, { kind: coupon.kind, value: toNum(coupon.value) }) };
}
