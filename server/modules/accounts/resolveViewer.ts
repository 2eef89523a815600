import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppServices, Viewer } from '../../http/appContext.ts';
import { toIso } from '../../db/values.ts';
import { SESSION_COOKIE, SESSION_REFRESH_SECONDS, SESSION_SECONDS, authFor } from './auth.ts';
import { viewerFromUser } from './viewerFromUser.ts';

export interface ResolvedViewer {
  viewer: Viewer | null;
  /** Set when better-auth renewed (or cleared) the cookie: to be sent with the response. */
  setCookies: string[];
}

/**
 * The signed-in person behind a request's cookie, or null. Suspended users have no viewer.
 *
 * Every page a signed-in user opens passes here, so the common case is one indexed query: the cookie's
 * HMAC is checked as better-auth signs it (`token.base64(HMAC-SHA256(token, secret))`), then the session
 * and its user are read together. Sessions that are expired or due for their daily extension go through
 * better-auth's getSession (about 10× the cost: bench/signIn.ts), which deletes or extends them and
 * answers the new cookie.
 */
export async function resolveViewer(services: AppServices, headers: Headers): Promise<ResolvedViewer> {
  const auth = authFor(services);
  const token = signedToken(headers.get('cookie') ?? '', (await auth.$context).secret);
  if (!token) return { viewer: null, setCookies: [] };
  const row = await services.database.db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select(['session.expiresAt', 'user.id', 'user.name', 'user.email', 'user.role', 'user.status'])
    .where('session.token', '=', token)
    .executeTakeFirst();
  if (!row) return { viewer: null, setCookies: [] };
  const expiresAt = Date.parse(toIso(row.expiresAt));
  const refreshAt = expiresAt - (SESSION_SECONDS - SESSION_REFRESH_SECONDS) * 1000;
  if (Date.now() < refreshAt) return { viewer: viewerFromUser(row), setCookies: [] };
  const { headers: out, response } = await auth.api.getSession({ headers, returnHeaders: true });
  return { viewer: viewerFromUser(response?.user), setCookies: out.getSetCookie() };
}

/** The session token of a correctly signed session cookie, else null. */
function signedToken(cookieHeader: string, secret: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    if (name !== SESSION_COOKIE && name !== `__Secure-${SESSION_COOKIE}`) continue;
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
