import type { MiddlewareHandler } from 'hono';
import type { Services } from '../core/services.ts';
import { DomainError } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (CSRF): a browser names the page's origin
 * in `Origin`, or at least says `Sec-Fetch-Site: cross-site`. Trusted is PUBLIC_URL's origin; without
 * PUBLIC_URL (development, tests on random ports) also the origin of the request's own Host. Requests
 * from servers (no Origin, no Fetch Metadata — e.g. payment callbacks) pass: they carry no user cookie
 * a browser attached on someone's behalf.
 */
export function originCheck(services: Services): MiddlewareHandler<AppEnv> {
  const { config } = services;
  const trusted = new URL(config.publicUrl).origin;
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    const ok = origin
      ? origin === trusted || (!config.PUBLIC_URL && origin === ownOrigin(c.req.url, c.req.header('host')))
      : fetchSite !== 'cross-site';
    if (!ok) throw new DomainError('forbidden_origin', 'This request came from another site and was refused.');
    return next();
  };
}

function ownOrigin(url: string, host: string | undefined): string {
  return `${new URL(url).protocol}//${host ?? new URL(url).host}`;
}
