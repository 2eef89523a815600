import type { UiLocale } from '#common/i18n/uiLocale.ts';

// Which anonymous requests may be cached: the landing page, course, category and creator pages, as documents
// and as React Router's data requests for client-side navigation, and robots.txt and the sitemap. Search
// results are not (their keys are unbounded). catalogChanged() clears them all.
const CACHEABLE =
  /^\/(?:_root\.data|(?:course|creators)\/[0-9A-Za-z_-]{1,64}(?:\.data)?|category\/[a-z-]{1,40}(?:\.data)?|robots\.txt|sitemap\.xml)?$/;

/** The cache key of an anonymous request: its URL in its language (each language's page is stored apart). */
export function pageCacheKey(url: string, locale: UiLocale): string | null {
  const q = url.indexOf('?');
  const pathname = q >= 0 ? url.slice(0, q) : url;
  if (url.length > 512 || !CACHEABLE.test(pathname)) return null;
  return `${locale} ${url}`;
}

/** A cached page's answer depends on the language cookie and Accept-Language as well as the encoding. */
export const PAGE_VARY = 'accept-encoding, cookie, accept-language';

/** better-auth's session cookie (with or without the __Secure- prefix). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return !!cookie && cookie.includes('session_token=');
}
