import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { listSitemap } from '../modules/catalog/listSitemap.ts';
import type { AppEnv } from './honoEnv.ts';
import type { PageCache } from './pageCache.ts';
import { pageCacheKey } from './pageCacheKey.ts';

/** Paths no signed-out crawler should read: the signed-in areas, the APIs and tokened media. */
const PRIVATE = ['/admin', '/creator$', '/creator/', '/customer', '/learn', '/api', '/media/s'];

/**
 * A request for a file (a missing `/assets/*`, `*.js`, `*.png`, `*.ico`…) gets a short 404, not the landing
 * page: browsers, crawlers and link previews asking for files must not download HTML. Real files never
 * get here (the raw fast path and /media serve them first); page-like paths still redirect to `/`.
 */
const FILE_LIKE = /^\/assets\/|\.(?:m?js|css|map|json|webmanifest|txt|xml|ico|png|jpe?g|gif|webp|avif|svg|woff2?)$/i;

export function missingFileNotFound(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (FILE_LIKE.test(c.req.path) && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      c.header('cache-control', 'no-store');
      return c.text('Not found', 404);
    }
    await next();
  };
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `/robots.txt` and `/sitemap.xml`, kept in the page cache like public pages (publishing clears them). */
export function seoRoutes(cache: PageCache) {
  const app = new Hono<AppEnv>();
  const cached = async (c: Context<AppEnv>, type: string, make: () => Promise<string>) => {
    const generation = cache.generation;
    const body = Buffer.from(await make());
    const headers: [string, string][] = [
      ['content-type', type],
      ['cache-control', 'public, max-age=3600'],
    ];
    // Keyed like pages, so the raw fast path finds it for a visitor in any language (the text is the same).
    const key = pageCacheKey(c.req.path, c.var.ctx.locale);
    if (key) cache.set(key, generation, { status: 200, headers, body });
    return c.body(body, 200, Object.fromEntries(headers));
  };
  app.get('/robots.txt', (c) =>
    cached(c, 'text/plain; charset=utf-8', async () => {
      const { publicUrl } = c.var.ctx.services.config;
      const rules = PRIVATE.map((p) => `Disallow: ${p}`).join('\n');
      return `User-agent: *\nAllow: /\n${rules}\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
    }),
  );
  app.get('/sitemap.xml', (c) =>
    cached(c, 'application/xml; charset=utf-8', async () => {
      const { services, actor } = c.var.ctx;
      const entries = await listSitemap(services, actor);
      const urls = entries.map(
        (e) =>
          `<url><loc>${xmlEscape(services.config.publicUrl + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified}</lastmod>` : ''}</url>`,
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    }),
  );
  return app;
}
