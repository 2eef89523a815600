import { intlTag, type UiLocale } from './uiLocale.ts';

// Numbers, money and times for both languages through Intl (decision 0030). Kenyan English and Kenyan
// Kiswahili group digits the same way ("KES 1,500" in both); month names differ ("5 Mar" / "5 Mac"). Every
// date and time is Nairobi's, on the server and in the browser alike, so a hydrated page says what the
// server rendered and an admin sees the hour the receipt says.
export const NAIROBI = 'Africa/Nairobi';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  const known = cache.get(key) as T | undefined;
  if (known) return known;
  const made = make();
  cache.set(key, made);
  return made;
}

export function formatNumber(n: number, locale: UiLocale = 'en'): string {
  const tag = intlTag(locale);
  // Rounded first: Intl writes -0 (and -0.4) as "-0", as in "KES -0" for fees that net to nothing.
  return cached(`n ${tag}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: 0 })).format(Math.round(n) || 0);
}

/** Prices are whole shillings: "KES 1,500" in either language. */
export function formatKes(amount: number, locale: UiLocale = 'en'): string {
  return `KES ${formatNumber(amount, locale)}`;
}

/**
 * "5 March 2026 at 08:03" / "5 Machi 2026 saa 08:03", Nairobi time. The month in full: Kiswahili's short
 * months ("5 Mac", "27 Nov") read as English on a receipt.
 */
export function formatDateTime(at: string | Date, locale: UiLocale = 'en'): string {
  const tag = intlTag(locale);
  return cached(
    `dt ${tag}`,
    () =>
      new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: NAIROBI,
      }),
  ).format(new Date(at));
}

/** "5 March 2026" / "5 Machi 2026", Nairobi's calendar day. */
export function formatDate(at: string | Date, locale: UiLocale = 'en'): string {
  const tag = intlTag(locale);
  return cached(`d ${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: NAIROBI })).format(
    new Date(at),
  );
}

/** "5 Mar" / "5 Mac", Nairobi's calendar day: where room is short (a chart's axis), beside the full date. */
export function formatShortDay(at: string | Date, locale: UiLocale = 'en'): string {
  const tag = intlTag(locale);
  return cached(
    `sd ${tag}`,
    () => new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: NAIROBI }),
  ).format(new Date(at));
}

/** "2026-03-05 08:03" (or to the second, or the day only), Nairobi time: compact and sortable, for tables. */
export function formatStamp(at: string | Date, precision: 'day' | 'minute' | 'second' = 'minute'): string {
  const parts = cached(
    'stamp',
    () =>
      new Intl.DateTimeFormat('en-CA', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
        timeZone: NAIROBI,
      }),
  ).formatToParts(new Date(at));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  const day = `${p.year}-${p.month}-${p.day}`;
  if (precision === 'day') return day;
  return precision === 'second' ? `${day} ${p.hour}:${p.minute}:${p.second}` : `${day} ${p.hour}:${p.minute}`;
}
