// Answers requests that need no framework work straight from memory on Node's raw request: built client
// assets and cached anonymous pages. Everything else goes on to the Hono app.
//
// A cached page is the hot path of the whole site (decision 0001; issue 24): it is answered with one
// writeHead of a headers object built once per stored page and encoding (security headers, the page's own,
// length, vary, x-cache) plus the request id, and one end() of the stored bytes, as a bare node:http server
// would; nothing else runs for it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedPage, PageCache } from './pageCache.ts';
import { acceptedLocale, cookieLocale, type UiLocale } from '#common/i18n/uiLocale.ts';
import { hasSessionCookie, PAGE_VARY, pageCacheKey } from './pageCacheKey.ts';
import { pickEncoding, type StaticFile } from './staticAssets.ts';
import { setSecurityHeaders, setShellPolicy } from './securityHeaders.ts';
import { USER_KEY_COOKIE } from './userKeyCookie.ts';

/** What answered: a built file, a cached page, or nothing (the request goes on to the app). */
export type MemoryAnswer = 'static' | 'page' | false;

type Encoding = 'br' | 'gzip' | 'identity';
type HeaderObject = Record<string, string | number>;

/** Accept-Language headers seen, and their language: a handful of distinct values in practice, bounded. */
const ACCEPTED_LIMIT = 256;

export function memoryServer(
  assets: Map<string, StaticFile>,
  cache: PageCache,
  securityHeaders: [string, string][],
): (req: IncomingMessage, res: ServerResponse, reqId: string) => MemoryAnswer {
  // Built once per stored page and encoding; a page that leaves the cache takes its headers with it.
  const pageHeaders = new WeakMap<CachedPage, Partial<Record<Encoding, HeaderObject>>>();
  const headersOf = (page: CachedPage, enc: Encoding): HeaderObject => {
    let byEnc = pageHeaders.get(page);
    if (!byEnc) {
      byEnc = {};
      pageHeaders.set(page, byEnc);
    }
    let h = byEnc[enc];
    if (!h) {
      // The page's own headers override the strict defaults (its Content-Security-Policy).
      h = Object.fromEntries([...securityHeaders, ...page.headers]) as HeaderObject;
      h['content-length'] = (enc === 'identity' ? page.body : page[enc]).length;
      h.vary = PAGE_VARY;
      h['x-cache'] = 'hit';
      if (enc !== 'identity') h['content-encoding'] = enc;
      byEnc[enc] = h;
    }
    return h;
  };
  const accepted = new Map<string, UiLocale>();
  const localeOf = (req: IncomingMessage): UiLocale => {
    const cookie = req.headers.cookie;
    const fromCookie = cookie ? cookieLocale(cookie) : null;
    if (fromCookie) return fromCookie;
    const al = req.headers['accept-language'];
    if (!al) return 'en';
    let locale = accepted.get(al);
    if (!locale) {
      if (accepted.size >= ACCEPTED_LIMIT) accepted.clear();
      locale = acceptedLocale(al) ?? 'en';
      accepted.set(al, locale);
    }
    return locale;
  };

  return (req, res, reqId) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q >= 0 ? url.slice(0, q) : url;
    const asset = assets.get(pathname);
    if (asset) {
      res.setHeader('x-request-id', reqId);
      setSecurityHeaders(res, securityHeaders);
      setShellPolicy(res, url);
      const enc = pickEncoding(req.headers['accept-encoding'], asset);
      const body = enc ? asset[enc]! : asset.body;
      res.writeHead(200, {
        'content-type': asset.type,
        'content-length': body.length,
        'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        vary: 'accept-encoding',
        ...(enc ? { 'content-encoding': enc } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return 'static';
    }
    // A signed-out browser still holding the user-key cookie goes to the app once, which clears it.
    const cookie = req.headers.cookie;
    if (cookie && (hasSessionCookie(cookie) || cookie.includes(`${USER_KEY_COOKIE}=`))) return false;
    // As pickLocale for a visitor: the language cookie, else Accept-Language, else English.
    const key = pageCacheKey(url, localeOf(req));
    const page = key ? cache.get(key) : undefined;
    if (!page) return false;
    const enc = pickEncoding(req.headers['accept-encoding'], page);
    const headers = headersOf(page, enc ?? 'identity');
    res.writeHead(page.status, { ...headers, 'x-request-id': reqId });
    res.end(req.method === 'HEAD' ? undefined : enc ? page[enc] : page.body);
    return 'page';
  };
}
