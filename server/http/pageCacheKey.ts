// Which anonymous requests may be cached: the landing page and course pages, as documents and as React
// Router's data requests for client-side navigation. Search results are not (their keys are unbounded).
const CACHEABLE = /^\/(?:_root\.data|course\/[0-9A-Za-z_-]{1,64}(?:\.data)?)?$/;

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
