import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Services } from '#server/core/services.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { toIso } from '#server/db/values.ts';
import { SESSION_COOKIE, SESSION_REFRESH_SECONDS, SESSION_SECONDS } from '#server/auth/createAuth.ts';
import { actorFromUser } from './actorFromUser.ts';

export interface ResolvedActor {
  actor: SessionUser | null;
  /** The id of the session the cookie names (the settings page marks "this device" and keeps it). */
  sessionId: string | null;
  /** Set when better-auth renewed (or cleared) the cookie: to be sent with the response. */
  setCookies: string[];
}

/**
 * The signed-in person behind a request's cookie, or null. Suspended users have no actor.
 *
 * Every page a signed-in user opens passes here, so the common case is one indexed query: the cookie's
 * HMAC is checked as better-auth signs it (`token.base64(HMAC-SHA256(token, secret))`), then the session
 * and its user are read together. Sessions that are expired or due for their daily extension go through
 * better-auth's getSession (about 10× the cost: bench/signIn.ts), which deletes or extends them and
 * answers the new cookie.
 */
export async function resolveActor(services: Services, { headers }: { headers: Headers }): Promise<ResolvedActor> {
  const auth = services.auth;
  // The __Secure- name only where the site is served over https: browsers refuse to set such a cookie over
  // plain http, so one arriving there was planted (and the plain name over https is not ours either).
  const name = services.config.publicUrl.startsWith('https://') ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
  const token = signedToken(headers.get('cookie') ?? '', name, (await auth.$context).secret);
  if (!token) return { actor: null, sessionId: null, setCookies: [] };
  const row = await services.database.db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.id as sessionId',
      'session.expiresAt',
      'user.id',
      'user.name',
      'user.email',
      'user.role',
      'user.status',
      'user.locale',
    ])
    .where('session.token', '=', token)
    .executeTakeFirst();
  if (!row) return { actor: null, sessionId: null, setCookies: [] };
  const expiresAt = Date.parse(toIso(row.expiresAt));
  const refreshAt = expiresAt - (SESSION_SECONDS - SESSION_REFRESH_SECONDS) * 1000;
  if (Date.now() < refreshAt) return { actor: actorFromUser(row), sessionId: row.sessionId, setCookies: [] };
  const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const actor = actorFromUser(response?.user);
  return { actor, sessionId: actor ? (response?.session.id ?? null) : null, setCookies: out.getSetCookie() };
}

/** The session token of a correctly signed session cookie, else null. */
function signedToken(cookieHeader: string, cookieName: string, secret: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    if (name !== cookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}
