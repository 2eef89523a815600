import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatKes, formatShortDay, formatStamp } from './formatting.ts';
import { acceptedLocale, cookieLocale, pickLocale } from './uiLocale.ts';

describe('the page language', () => {
  it('is the signed-in person’s setting first, then the cookie, then Accept-Language, then English', () => {
    const all = { userLocale: 'en', cookie: 'a=1; darasa_lang=sw', acceptLanguage: 'sw' };
    expect(pickLocale(all)).toBe('en');
    expect(pickLocale({ ...all, userLocale: null })).toBe('sw');
    expect(pickLocale({ cookie: 'darasa_lang=en', acceptLanguage: 'sw-KE' })).toBe('en');
    expect(pickLocale({ acceptLanguage: 'sw-KE,sw;q=0.9,en;q=0.8' })).toBe('sw');
    expect(pickLocale({ acceptLanguage: 'fr-FR, de;q=0.5' })).toBe('en');
    expect(pickLocale({})).toBe('en');
  });

  it('reads Accept-Language by its q values and skips what we lack or refuse', () => {
    expect(acceptedLocale('en;q=0.4, sw;q=0.8')).toBe('sw');
    expect(acceptedLocale('fr, sw;q=0')).toBeNull();
    expect(acceptedLocale('*, en-GB;q=0.9')).toBe('en');
    expect(acceptedLocale('SW')).toBe('sw');
  });

  it('takes only languages we have from the cookie (the pseudo-locale too, for layout checks)', () => {
    expect(cookieLocale('darasa_lang=fr')).toBeNull();
    expect(cookieLocale('darasa_lang=pseudo')).toBe('pseudo');
    expect(cookieLocale('x_darasa_lang=sw')).toBeNull();
  });
});

describe('numbers, money and times', () => {
  it('says "KES 1,500" in both languages', () => {
    expect(formatKes(1500, 'en')).toBe('KES 1,500');
    expect(formatKes(1500, 'sw')).toBe('KES 1,500');
    expect(formatKes(1_250_000, 'sw')).toBe('KES 1,250,000');
  });

  it('never says "KES -0"', () => {
    expect(formatKes(-0, 'en')).toBe('KES 0');
    expect(formatKes(-0.4, 'sw')).toBe('KES 0');
    expect(formatKes(-500, 'en')).toBe('KES -500');
  });

  it('shows Nairobi time whatever the machine’s zone (05:03 UTC is 08:03 in Nairobi)', () => {
    expect(formatDateTime('2026-03-05T05:03:00Z', 'en')).toBe('5 March 2026 at 08:03');
    expect(formatDateTime('2026-03-05T05:03:00Z', 'sw')).toBe('5 Machi 2026 saa 08:03');
    // 22:30 UTC is already the next day in Nairobi.
    expect(formatDate('2026-03-05T22:30:00Z', 'sw')).toBe('6 Machi 2026');
  });

  it('writes the month in full in Kiswahili, where the short form reads as English ("27 Nov")', () => {
    expect(formatDate('2026-11-27T10:00:00Z', 'sw')).toBe('27 Novemba 2026');
    expect(formatDate('2026-11-27T10:00:00Z', 'en')).toBe('27 November 2026');
    expect(formatDateTime('2026-11-27T10:03:00Z', 'sw')).toBe('27 Novemba 2026 saa 13:03');
    expect(formatDate('2026-11-27T10:00:00Z', 'pseudo')).toBe('27 November 2026');
    // A chart's axis, where room is short; 21:30 UTC is the next day in Nairobi.
    expect(formatShortDay('2026-03-05T21:30:00Z', 'sw')).toBe('6 Mac');
    expect(formatShortDay('2026-03-05T21:30:00Z', 'en')).toBe('6 Mar');
  });

  it('stamps admin tables in Nairobi time too (the receipt and the admin list agree)', () => {
    expect(formatStamp('2026-03-05T05:03:09Z')).toBe('2026-03-05 08:03');
    expect(formatStamp('2026-03-05T05:03:09Z', 'second')).toBe('2026-03-05 08:03:09');
    expect(formatStamp('2026-03-05T22:30:00Z', 'day')).toBe('2026-03-06');
    expect(formatStamp('2026-03-05T21:00:00Z')).toBe('2026-03-06 00:00');
  });
});
