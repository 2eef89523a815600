// Coupons as the studio and the purchase modal see them (types only: both talk to the coupon API).
export type { CouponView } from '#server/modules/coupons/couponView.ts';
export type { CouponQuote } from '#server/modules/coupons/checkCoupon.ts';
