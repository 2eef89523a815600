import { formatDate, formatDateTime, formatKes, formatNumber, formatShortDay } from '#common/i18n/formatting.ts';
import { useT } from './useT.ts';

/** The page's translator plus its language's numbers, money and Nairobi times (common/i18n/formatting.ts). */
export function useFormat() {
  const { t, locale } = useT();
  return {
    t,
    locale,
    number: (n: number) => formatNumber(n, locale),
    kes: (n: number) => formatKes(n, locale),
    /** "Free" for a free course (never "KES 0"). */
    price: (n: number) => (n === 0 ? t('price.free') : formatKes(n, locale)),
    /** The buy button's words: a free course is joined, not bought (docs/product.md). */
    buyLabel: (n: number) => t(n === 0 ? 'purchase.enrollFree' : 'purchase.buy'),
    dateTime: (at: string | Date) => formatDateTime(at, locale),
    date: (at: string | Date) => formatDate(at, locale),
    /** A course's total length: "2 h 15 min", "45 min" (at least 1 min). */
    length: (seconds: number) => {
      const minutes = Math.max(1, Math.round(seconds / 60));
      const h = Math.floor(minutes / 60);
      return h > 0 ? t('format.lengthHours', { h, m: minutes % 60 }) : t('format.lengthMinutes', { m: minutes });
    },
    shortDay: (at: string | Date) => formatShortDay(at, locale),
  };
}
