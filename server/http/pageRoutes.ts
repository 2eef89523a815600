import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import type { Context } from 'hono';
import { requestContext } from './appContext.ts';
import type { AppEnv } from './honoEnv.ts';
import type { PageCache } from './pageCache.ts';
import { hasSessionCookie, pageCacheKey } from './pageCacheKey.ts';

/** Renders React Router pages; anonymous cacheable answers are buffered into the page cache. */
export function pageHandler(build: ServerBuild, cache: PageCache) {
  const handle = createRequestHandler(build, process.env.NODE_ENV === 'development' ? 'development' : 'production');
  return async (c: Context<AppEnv>) => {
    const provider = new RouterContextProvider();
    provider.set(requestContext, c.var.ctx);
    const req = c.req.raw;
    const key =
      req.method === 'GET' && !c.var.ctx.viewer && !hasSessionCookie(req.headers.get('cookie') ?? undefined)
        ? pageCacheKey(c.req.path + new URL(req.url).search)
        : null;
    const generation = cache.generation;
    const res = await handle(req, provider);
    if (!key || res.status !== 200 || res.headers.has('set-cookie')) return res;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = [...res.headers.entries()].filter(([k]) => k !== 'content-length' && k !== 'vary');
    cache.set(key, generation, { status: res.status, headers, body });
    return new Response(body, { status: res.status, headers: res.headers });
  };
}
