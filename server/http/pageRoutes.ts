import {
  createRequestHandler,
  isRouteErrorResponse,
  RouterContextProvider,
  type HandleErrorFunction,
  type ServerBuild,
} from 'react-router';
import type { Context } from 'hono';
import { requestContext } from '#server/edge/requestContext.ts';
import { deferHydration } from './deferHydration.ts';
import type { AppEnv } from './honoEnv.ts';
import type { PageCache } from './pageCache.ts';
import { inlineScriptHashes, newNonce, nonceSource, pageCsp } from './securityHeaders.ts';
import { hasSessionCookie, PAGE_VARY, pageCacheKey } from './pageCacheKey.ts';

/**
 * React Router's default prints every route error with its stack on console.error, including the 404s
 * and 405s that visitors and scanners cause all day. Those are answers, not faults: only real failures
 * are logged, through the app's logger.
 */
const logPageError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // A 5xx route error response carries the thrown error inside (not in its public type).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const err = inner ?? error;
  (context as RouterContextProvider)
    .get(requestContext)
    .services.log.error({ err, path: new URL(request.url).pathname }, 'page rendering failed');
};

/**
 * A path with broken percent-encoding (`/course/%ZZ`, a cut UTF-8 sequence) would make the router warn on
 * every request; with its `%` escaped it is an ordinary unknown path or id and gets the usual answer.
 */
function readablePath(req: Request): Request {
  const url = new URL(req.url);
  try {
    decodeURIComponent(url.pathname);
    return req;
  } catch {
    url.pathname = url.pathname.replaceAll('%', '%25');
    return new Request(url, req);
  }
}

/** Renders React Router pages; anonymous cacheable answers are buffered into the page cache. */
export function pageHandler(build: ServerBuild, cache: PageCache) {
  const withLogging: ServerBuild = build.entry.module.handleError
    ? build
    : { ...build, entry: { ...build.entry, module: { ...build.entry.module, handleError: logPageError } } };
  const handle = createRequestHandler(
    withLogging,
    process.env.NODE_ENV === 'development' ? 'development' : 'production',
  );
  return async (c: Context<AppEnv>) => {
    const provider = new RouterContextProvider();
    const nonce = newNonce();
    provider.set(requestContext, { ...c.var.ctx, nonce });
    const req = readablePath(c.req.raw);
    const key =
      req.method === 'GET' && !c.var.ctx.actor && !hasSessionCookie(req.headers.get('cookie') ?? undefined)
        ? pageCacheKey(c.req.path + new URL(req.url).search, c.var.ctx.locale)
        : null;
    const generation = cache.generation;
    const res = await handle(req, provider);
    const isHtml = res.headers.get('content-type')?.startsWith('text/html') ?? false;
    // A page for one person names its render's nonce.
    if (isHtml) res.headers.set('content-security-policy', pageCsp(nonceSource(nonce)));
    // Every page is in the request's language, chosen by cookie and Accept-Language (shared caches too).
    res.headers.set('vary', PAGE_VARY);
    if (!key || res.status !== 200 || res.headers.has('set-cookie')) return res;
    const html = isHtml ? deferHydration(await res.text()) : null;
    const body = html !== null ? Buffer.from(html) : Buffer.from(await res.arrayBuffer());
    // A page every visitor will share names its scripts by hash instead, computed once here and stored with
    // it: the fast path serves its bytes and headers as they are, with no nonce anyone could reuse.
    if (html !== null) res.headers.set('content-security-policy', pageCsp(inlineScriptHashes(html)));
    const headers = [...res.headers.entries()].filter(([k]) => k !== 'content-length' && k !== 'vary');
    cache.set(key, generation, { status: res.status, headers, body });
    const sent = new Headers(res.headers);
    sent.delete('content-length'); // the transform changed the length
    return new Response(body, { status: res.status, headers: sent });
  };
}
