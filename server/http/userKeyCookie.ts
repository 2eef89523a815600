// The `darasa_u` cookie: the signed-in account's user key (offlineGrant.ts), readable by scripts on
// purpose. The service worker and the offline page read it to open only this account's stored pages and
// downloads (docs/decisions/0023); it grants nothing on the server, which never reads it.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { userKeyOf } from '../modules/offline/offlineGrant.ts';
import type { AppEnv } from './honoEnv.ts';

export const USER_KEY_COOKIE = 'darasa_u';

/** Sets the cookie to the actor's key, or clears it when nobody is signed in; only when it changes. */
export function syncUserKeyCookie(c: Context<AppEnv>): void {
  const { services, actor } = c.var.ctx;
  const current = getCookie(c, USER_KEY_COOKIE);
  const want = actor ? userKeyOf(services.mediaTokens, actor.userId) : undefined;
  if (current === want) return;
  const secure = services.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  c.res.headers.append(
    'set-cookie',
    want
      ? `${USER_KEY_COOKIE}=${want}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
      : `${USER_KEY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`,
  );
}
