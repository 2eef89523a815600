// Which anonymous requests may be cached: the landing page, course, category and creator pages, as documents
// and as React Router's data requests for client-side navigation, and robots.txt and the sitemap. Search
// results are not (their keys are unbounded). catalogChanged() clears them all.
const CACHEABLE =
  /^\/(?:_root\.data|(?:course|creators)\/[0-9A-Za-z_-]{1,64}(?:\.data)?|category\/[a-z-]{1,40}(?:\.data)?|robots\.txt|sitemap\.xml)?$/;

export function pageCacheKey(url: string): string | null {
  const q = url.indexOf('?');
  const pathname = q >= 0 ? url.slice(0, q) : url;
  if (url.length > 512 || !CACHEABLE.test(pathname)) return null;
  return url;
}

/** better-auth's session cookie (with or without the __Secure- prefix). */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return !!cookie && cookie.includes('session_token=');
}
