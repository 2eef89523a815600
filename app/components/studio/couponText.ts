import type { CouponView } from '#app/server/coupons.server.ts';
import { formatKes } from '#app/lib/format.ts';

/** "20% off" or "KES 500 off". */
export const couponDiscount = (c: Pick<CouponView, 'kind' | 'value'>) =>
  c.kind === 'percent' ? `${c.value}% off` : `${formatKes(c.value)} off`;

/** "3 of 10 used" or "3 used" when there is no limit. */
export const couponUses = (c: Pick<CouponView, 'uses' | 'maxUses'>) =>
  c.maxUses == null ? `${c.uses} used` : `${c.uses} of ${c.maxUses} used`;

/** The expiry's day as the creator picked it (Nairobi), or "No expiry". */
export const couponExpiry = (c: Pick<CouponView, 'expiresAt'>) =>
  c.expiresAt
    ? `Expires ${new Date(c.expiresAt).toLocaleDateString('en-CA', { timeZone: 'Africa/Nairobi' })}`
    : 'No expiry';

/** A date input's day as the end of that day in Nairobi (UTC+3 all year), so the code works all day long. */
export const endOfNairobiDay = (day: string) => `${day}T23:59:59+03:00`;
