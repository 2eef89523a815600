import type { Services } from '#server/core/services.ts';
import { rateLimited } from '#server/core/errors.ts';
import { COUPON_TEXT } from '#common/coupons/couponTexts.ts';
import { consumeRateLimit } from '../accounts/rateLimit.ts';

/** Codes one account may try per window: enough for typos, too few to guess codes. */
export const COUPON_CHECKS = { window: 600, max: 20 } as const;

/**
 * Counts one look at whether a coupon code is valid. Every answer that tells a right code from a wrong one
 * ("Apply", and "Pay with M-Pesa" with a code) spends this one budget per account, so a guesser gains
 * nothing by switching paths (decision 0040).
 */
export async function limitCouponChecks(services: Services, { userId }: { userId: string }): Promise<void> {
  const { allowed, retryAfter } = await consumeRateLimit(services, {
    key: `coupon-check:${userId}`,
    rule: COUPON_CHECKS,
  });
  if (!allowed) throw rateLimited(COUPON_TEXT.tooMany, retryAfter);
}
