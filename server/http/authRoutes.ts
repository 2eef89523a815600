import type { Hono } from 'hono';
import { sameOriginPath } from '#common/sameOriginPath.ts';
import { withClientIp } from '../auth/createAuth.ts';
import { signOut } from '../modules/accounts/signOut.ts';
import type { Services } from '../core/services.ts';
import { clientIpOf } from './clientIp.ts';
import type { AppEnv } from './honoEnv.ts';

// The query parameters better-auth redirects to. Its own check lets `/\t/evil.example` through (the
// reset link's `callbackURL` then answered `Location: http://evil.example/…`, and a tab in
// `verify-email`'s made it throw): each goes through the site's one same-origin check first, and
// anything else becomes the home page (decision 0043).
const CALLBACK_PARAMS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

function sameOriginCallbacks(raw: string): string {
  const url = new URL(raw);
  let changed = false;
  for (const name of CALLBACK_PARAMS) {
    const value = url.searchParams.get(name);
    const safe = value === null ? null : (sameOriginPath(value) ?? '/');
    if (safe !== value) {
      url.searchParams.set(name, safe!);
      changed = true;
    }
  }
  return changed ? url.href : raw;
}

/**
 * better-auth's own endpoints (session reads, sign-out) under /api/auth, given the raw request before
 * anything reads its body, their JSON answers without session tokens (withoutTokens); and POST /logout
 * for the top bar's plain "Sign Out" form, which works
 * without JavaScript: the session is deleted server-side, then the browser goes home.
 */
export function mountAuthRoutes(app: Hono<AppEnv>, services: Services): void {
  const auth = services.auth;
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = withClientIp(c.req.raw.headers, clientIpOf(c, services.config.TRUST_PROXY));
    const req = new Request(c.req.raw, { headers });
    const target = sameOriginCallbacks(c.req.url);
    const { method, body } = req;
    const answer = await auth.handler(
      target === c.req.url ? req : new Request(target, { method, headers, body, duplex: 'half' } as RequestInit),
    );
    return withoutTokens(answer);
  });
  app.post('/logout', async (c) => {
    const cookies = await signOut(services, { headers: c.req.raw.headers }).catch(() => [] as string[]);
    const res = c.redirect('/', 303);
    for (const cookie of cookies) res.headers.append('set-cookie', cookie);
    return res;
  });
}

/**
 * A session token is the session itself: page JavaScript never needs one (the cookie is HttpOnly for that
 * reason), so get-session, list-sessions and every other JSON answer here lose their `token` fields.
 * Sessions are named by their id instead (decision 0042).
 */
async function withoutTokens(res: Response): Promise<Response> {
  if (!res.headers.get('content-type')?.includes('application/json')) return res;
  const text = await res.text();
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const body = text ? JSON.stringify(dropTokens(JSON.parse(text))) : null;
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
}

function dropTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropTokens);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'token')
      .map(([k, v]) => [k, dropTokens(v)]),
  );
}
