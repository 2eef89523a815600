// Apart from the schemas so the purchase screen can show these words without loading zod.
/** The words a learner and a creator see about coupons (docs/product.md "Coupons"). */
export const COUPON_TEXT = {
  notValid: 'This code is not valid for this course',
  expired: 'This code has expired',
  usedUp: 'This code has been used up',
  badCode: 'A code is 3–32 letters, digits or dashes',
  tooMany: 'Too many codes tried. Please wait a few minutes and try again.',
  created: 'Coupon created',
  deactivated: 'Coupon deactivated',
  duplicate: 'This course already has a coupon with this code',
  createFailed: 'Failed to create coupon. Please try again.',
} as const;
