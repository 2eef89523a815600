import type { CouponView } from '#app/server/coupons.server.ts';
import { formatDate, formatKes } from '#common/i18n/formatting.ts';
import type { UiLocale } from '#common/i18n/uiLocale.ts';
import type { Translate } from '#app/i18n/useT.ts';

/** "20% off" or "KES 500 off". */
export const couponDiscount = (c: Pick<CouponView, 'kind' | 'value'>, t: Translate, locale: UiLocale) =>
  c.kind === 'percent'
    ? t('studio.coupons.percentOff', { n: c.value })
    : t('studio.coupons.kesOff', { amount: formatKes(c.value, locale) });

/** "3 of 10 used" or "3 used" when there is no limit. */
export const couponUses = (c: Pick<CouponView, 'uses' | 'maxUses'>, t: Translate) =>
  c.maxUses == null
    ? t('studio.coupons.used', { uses: c.uses })
    : t('studio.coupons.usedOf', { uses: c.uses, max: c.maxUses });

/** The expiry's day as the creator picked it (Nairobi), or "No expiry". */
export const couponExpiry = (c: Pick<CouponView, 'expiresAt'>, t: Translate, locale: UiLocale) =>
  c.expiresAt ? t('studio.coupons.expires', { day: formatDate(c.expiresAt, locale) }) : t('studio.coupons.noExpiry');

/** A date input's day as the end of that day in Nairobi (UTC+3 all year), so the code works all day long. */
export const endOfNairobiDay = (day: string) => `${day}T23:59:59+03:00`;
