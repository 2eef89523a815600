import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';

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

/** Case-insensitive: compared and stored in upper case. */
export const couponCodeSchema = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]{3,32}$/, COUPON_TEXT.badCode));

export const createCouponSchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(['percent', 'fixed'], { message: 'Choose percent or KES off' }),
    value: z.number().int('A whole number, please').min(1, 'At least 1').max(1_000_000),
    /** ISO date-time; null or absent: never expires. */
    expiresAt: z.iso.datetime({ offset: true, message: 'Not a date' }).nullish(),
    maxUses: z.number().int('A whole number, please').min(1, 'At least 1').max(1_000_000).nullish(),
  })
  .refine((c) => c.kind !== 'percent' || c.value <= 100, { message: 'Percent off is 1–100', path: ['value'] });
export type CreateCouponInput = z.input<typeof createCouponSchema>;

export const checkCouponSchema = z.object({
  courseId: z.string().regex(ID_PATTERN, 'Unknown course'),
  code: couponCodeSchema,
});
