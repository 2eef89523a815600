import type { Context, MiddlewareHandler } from 'hono';
import { resolveActor } from '../modules/accounts/resolveActor.ts';
import type { Services } from '../core/services.ts';
import { clientIpOf } from './clientIp.ts';
import type { AppEnv } from './honoEnv.ts';
import { hasSessionCookie } from './pageCacheKey.ts';
import { syncUserKeyCookie } from './userKeyCookie.ts';
import { pickLocale, type UiLocale } from '#common/i18n/uiLocale.ts';
import type { SessionUser } from '../core/actor.ts';

function requestLocale(c: Context<AppEnv>, actor: SessionUser | null): UiLocale {
  return pickLocale({
    userLocale: actor?.locale,
    cookie: c.req.header('cookie'),
    acceptLanguage: c.req.header('accept-language'),
  });
}

/** Playlists and segments behind a path token: the token is the permission, so no session lookup. */
const TOKEN_MEDIA = '/media/s/';

/**
 * Resolves the session once per request into `c.var.ctx.actor` (null for visitors, expired sessions and
 * suspended users), and keeps the `darasa_u` cookie in step with it (userKeyCookie.ts). Requests without a session cookie, and token-protected media requests (a learner's
 * player fetches one every few seconds), skip the database entirely.
 */
export function sessionMiddleware(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const clientIp = clientIpOf(c, services.config.TRUST_PROXY);
    if (!hasSessionCookie(c.req.header('cookie')) || c.req.path.startsWith(TOKEN_MEDIA)) {
      c.set('ctx', { services, actor: null, sessionId: null, clientIp, locale: requestLocale(c, null) });
      await next();
      if (!c.req.path.startsWith(TOKEN_MEDIA)) syncUserKeyCookie(c);
      return;
    }
    const { actor, sessionId, setCookies } = await resolveActor(services, { headers: c.req.raw.headers });
    c.set('ctx', { services, actor, sessionId, clientIp, locale: requestLocale(c, actor) });
    await next();
    // A session extended on this request (or found expired) gets its cookie renewed (or cleared).
    for (const cookie of setCookies) c.res.headers.append('set-cookie', cookie);
    syncUserKeyCookie(c);
  };
}
