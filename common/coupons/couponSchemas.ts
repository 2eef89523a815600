import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';

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
