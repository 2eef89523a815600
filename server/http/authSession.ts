import type { MiddlewareHandler } from 'hono';
import { resolveViewer } from '../modules/accounts/resolveViewer.ts';
import type { AppServices } from './appContext.ts';
import { clientIpOf } from './authClientIp.ts';
import type { AppEnv } from './honoEnv.ts';
import { hasSessionCookie } from './pageCacheKey.ts';

/** Playlists and segments behind a path token: the token is the permission, so no session lookup. */
const TOKEN_MEDIA = '/media/s/';

/**
 * Resolves the session once per request into `c.var.ctx.viewer` (null for visitors, expired sessions and
 * suspended users). Requests without a session cookie, and token-protected media requests (a learner's
 * player fetches one every few seconds), skip the database entirely.
 */
export function sessionMiddleware(services: AppServices): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const clientIp = clientIpOf(c, services.config.TRUST_PROXY);
    if (!hasSessionCookie(c.req.header('cookie')) || c.req.path.startsWith(TOKEN_MEDIA)) {
      c.set('ctx', { services, viewer: null, clientIp });
      return next();
    }
    const { viewer, setCookies } = await resolveViewer(services, c.req.raw.headers);
    c.set('ctx', { services, viewer, clientIp });
    await next();
    // A session extended on this request (or found expired) gets its cookie renewed (or cleared).
    for (const cookie of setCookies) c.res.headers.append('set-cookie', cookie);
  };
}
