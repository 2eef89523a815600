import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { conflict, invalidInput } from '#server/core/errors.ts';
import { toBool, toIso } from '#server/db/values.ts';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';

/**
 * The active, unexpired coupon with this (upper-case) code on this course, or the learner's reason why
 * not, at `now`. Uses are not counted here: that is holdCouponUseInTx's job, under a lock, when one is taken.
 */
export async function findCouponInTx(
  trx: Kysely<DB>,
  { courseId, code, now }: { courseId: string; code: string; now: Date },
) {
  const coupon = await trx
    .selectFrom('coupon')
    .selectAll()
    .where('courseId', '=', courseId)
    .where('code', '=', code)
    .executeTakeFirst();
  if (!coupon || !toBool(coupon.active)) throw invalidInput(COUPON_TEXT.notValid, { code: COUPON_TEXT.notValid });
  if (coupon.expiresAt != null && new Date(toIso(coupon.expiresAt)) <= now) {
    throw conflict(COUPON_TEXT.expired, { code: COUPON_TEXT.expired });
  }
  return coupon;
}

/** The "used up" refusal, shared by the check and the hold. */
export const usedUp = () => conflict(COUPON_TEXT.usedUp, { code: COUPON_TEXT.usedUp });
