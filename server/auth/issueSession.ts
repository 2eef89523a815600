import { createHmac } from 'node:crypto';
import { isAPIError } from 'better-auth/api';
import type { Auth } from './createAuth.ts';

/**
 * Opens a better-auth session for a user whose identity we proved ourselves (a one-time SMS code):
 * better-auth's own session creation (its database hooks run, so suspended users are refused as on every
 * route), and its session cookie, signed as better-auth signs it (`token.base64(HMAC-SHA256)`), with the
 * name and attributes better-auth uses (the client's address as we resolved it). Returns the Set-Cookie header, or 'suspended'.
 */
export async function issueSession(
  auth: Auth,
  userId: string,
  req: { headers: Headers; clientIp: string },
): Promise<{ setCookie: string } | 'suspended'> {
  const ctx = await auth.$context;
  let session: { token: string } | null;
  try {
    session = await ctx.internalAdapter.createSession(userId, false, {
      ipAddress: req.clientIp,
      userAgent: req.headers.get('user-agent') ?? '',
    });
  } catch (err) {
    if (isAPIError(err) && err.status === 'FORBIDDEN') return 'suspended';
    throw err;
  }
  if (!session) throw new Error('better-auth did not create a session');
  const { name, attributes } = ctx.authCookies.sessionToken;
  const signature = createHmac('sha256', ctx.secret).update(session.token).digest('base64');
  const parts = [`${name}=${encodeURIComponent(`${session.token}.${signature}`)}`];
  if (attributes.maxAge) parts.push(`Max-Age=${attributes.maxAge}`);
  parts.push(`Path=${attributes.path ?? '/'}`);
  if (attributes.httpOnly) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  if (attributes.sameSite) parts.push(`SameSite=${capitalise(String(attributes.sameSite))}`);
  return { setCookie: parts.join('; ') };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
