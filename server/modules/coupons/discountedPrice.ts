import type { CouponKind } from '#server/db/schema.ts';

/**
 * What a learner pays with a coupon, in whole KES: percent off rounds the discount down (the learner never
 * pays less than the creator agreed to), a fixed amount off never goes below 0.
 */
export function discountedPrice(price: number, coupon: { kind: CouponKind; value: number }): number {
  const off = coupon.kind === 'percent' ? Math.floor((price * Math.min(coupon.value, 100)) / 100) : coupon.value;
  return Math.max(0, price - off);
}
