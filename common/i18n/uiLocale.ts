import { type Locale, LOCALES } from '#common/accounts/locale.ts';

/**
 * The language a page is rendered in: a person's language (`en`, `sw`), or `pseudo` — English made ~40 %
 * longer, chosen only by the `darasa_lang` cookie, for checking that layouts survive longer words.
 */
export type UiLocale = Locale | 'pseudo';

/** The cookie the language switch sets (a year; readable by the server before any session exists). */
export const LANG_COOKIE = 'darasa_lang';

/** `<html lang>`: the pseudo-locale is English (the BCP 47 private-use tag for pseudo-English). */
export function htmlLang(locale: UiLocale): string {
  return locale === 'pseudo' ? 'en-XA' : locale;
}

export function fromHtmlLang(lang: string): UiLocale {
  return lang === 'en-XA' ? 'pseudo' : lang === 'sw' ? 'sw' : 'en';
}

/** The `Intl` locale for numbers, dates and money: Kenyan English or Kenyan Kiswahili. */
export function intlTag(locale: UiLocale): 'en-KE' | 'sw-KE' {
  return locale === 'sw' ? 'sw-KE' : 'en-KE';
}

function isLocale(v: string | undefined): v is Locale {
  return !!v && (LOCALES as readonly string[]).includes(v);
}

const LANG_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([a-z]{2,6})(?:;|$)`);

/** The `darasa_lang` cookie's value in a Cookie header, when it names a language we have. */
export function cookieLocale(cookieHeader: string | null | undefined): UiLocale | null {
  if (!cookieHeader) return null;
  const m = LANG_COOKIE_VALUE.exec(cookieHeader);
  const v = m?.[1];
  return isLocale(v) || v === 'pseudo' ? v : null;
}

/**
 * The first language of an Accept-Language header we have, by the header's q order ("sw-KE,sw;q=0.9,en"
 * → sw); `*` and languages we lack are skipped. Null when none matches.
 */
export function acceptedLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((r) => r.lang).find(isLocale) ?? null;
}

/**
 * The page's language: the signed-in person's setting, else the cookie, else Accept-Language, else
 * English. The pseudo-locale cookie, a layout-checking tool, overrides even the setting.
 */
export function pickLocale(input: {
  userLocale?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): UiLocale {
  const cookie = cookieLocale(input.cookie);
  if (cookie === 'pseudo') return cookie;
  if (isLocale(input.userLocale ?? undefined)) return input.userLocale as Locale;
  return cookie ?? acceptedLocale(input.acceptLanguage) ?? 'en';
}
