import { z } from 'zod';
import { ID_PATTERN } from '#common/ids.ts';
import { couponCodeSchema } from '#common/coupons/couponSchemas.ts';
import { LOCALES } from '#common/accounts/locale.ts';

export const startPaymentSchema = z
  .object({
    /** The course bought; or `bundleId`, a bundle of one creator's courses (decision 0063), never both. */
    courseId: z.string().regex(ID_PATTERN, 'Unknown course').optional(),
    bundleId: z.string().regex(ID_PATTERN, 'Unknown bundle').optional(),
    /** The price the customer saw; a different price on the server means the page is stale. */
    amount: z.number().int().min(0).max(1_000_000),
    /** As typed; normalised to 2547XXXXXXXX by the operation. */
    phone: z.string().max(32),
    /** One per press of "Pay with M-Pesa": a repeated request with it sends no second prompt. */
    idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid idempotency key'),
    /** A coupon the customer applied: the server prices it again; `amount` must be that discounted price. */
    couponCode: couponCodeSchema.optional(),
    /**
     * `stk` (the default): a PIN prompt to `phone`. `paybill`: no prompt; the purchase waits for a Paybill
     * payment into its account number ("Pay by Paybill instead", after a prompt failed or was cancelled).
     */
    method: z.enum(['stk', 'paybill']).optional(),
    /**
     * A gift (decision 0061): the course goes to whoever claims it with this phone number (as typed; normalised
     * by the operation), told by an SMS in `language` (default: the buyer's). The buyer pays as for themselves.
     */
    gift: z
      .object({ phone: z.string().max(32), language: z.enum(LOCALES).optional() })
      .strict()
      .optional(),
    /**
     * Instalments (decision 0068): `{ parts }` starts a plan of that many parts and pays its first part now;
     * `{ planId, part }` pays that part of the learner's plan. `amount` is then the part's amount.
     */
    instalments: z
      .union([
        z.object({ parts: z.number().int().min(1).max(12) }).strict(),
        z
          .object({ planId: z.string().regex(ID_PATTERN, 'Unknown plan'), part: z.number().int().min(1).max(12) })
          .strict(),
      ])
      .optional(),
  })
  .refine((p) => (p.courseId === undefined) !== (p.bundleId === undefined), {
    message: 'Choose a course or a bundle',
    path: ['courseId'],
  });
export type StartPaymentInput = z.infer<typeof startPaymentSchema>;
