import type { Hono } from 'hono';
import { withClientIp } from '../auth/createAuth.ts';
import { signOut } from '../modules/accounts/signOut.ts';
import type { Services } from '../core/services.ts';
import { clientIpOf } from './clientIp.ts';
import type { AppEnv } from './honoEnv.ts';

/**
 * better-auth's own endpoints (session reads, sign-out) under /api/auth, given the raw request before
 * anything reads its body; and POST /logout for the top bar's plain "Sign Out" form, which works
 * without JavaScript: the session is deleted server-side, then the browser goes home.
 */
export function mountAuthRoutes(app: Hono<AppEnv>, services: Services): void {
  const auth = services.auth;
  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    const headers = withClientIp(c.req.raw.headers, clientIpOf(c, services.config.TRUST_PROXY));
    return auth.handler(new Request(c.req.raw, { headers }));
  });
  app.post('/logout', async (c) => {
    const cookies = await signOut(services, { headers: c.req.raw.headers }).catch(() => [] as string[]);
    const res = c.redirect('/', 303);
    for (const cookie of cookies) res.headers.append('set-cookie', cookie);
    return res;
  });
}
