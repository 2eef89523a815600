// Answers requests that need no framework work straight from memory on Node's raw request: built client
// assets and cached anonymous pages. Everything else goes on to the Hono app.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PageCache } from './pageCache.ts';
import { pickLocale } from '#common/i18n/uiLocale.ts';
import { hasSessionCookie, PAGE_VARY, pageCacheKey } from './pageCacheKey.ts';
import { pickEncoding, type StaticFile } from './staticAssets.ts';
import { USER_KEY_COOKIE } from './userKeyCookie.ts';

export function serveFromMemory(
  req: IncomingMessage,
  res: ServerResponse,
  assets: Map<string, StaticFile>,
  cache: PageCache,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q >= 0 ? url.slice(0, q) : url;
  const asset = assets.get(pathname);
  if (asset) {
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
    return true;
  }
  // A signed-out browser still holding the user-key cookie goes to the app once, which clears it.
  if (hasSessionCookie(req.headers.cookie) || req.headers.cookie?.includes(`${USER_KEY_COOKIE}=`)) return false;
  const locale = pickLocale({ cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'] });
  const key = pageCacheKey(url, locale);
  const page = key ? cache.get(key) : undefined;
  if (!page) return false;
  const enc = pickEncoding(req.headers['accept-encoding'], page);
  const body = enc ? page[enc] : page.body;
  const headers: Record<string, string | number> = Object.fromEntries(page.headers);
  headers['content-length'] = body.length;
  headers.vary = PAGE_VARY;
  headers['x-cache'] = 'hit';
  if (enc) headers['content-encoding'] = enc;
  res.writeHead(page.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
