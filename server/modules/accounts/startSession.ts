import { isAPIError } from 'better-auth/api';
import { toLocale } from '#common/accounts/locale.ts';
import type { Services } from '#server/core/services.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { forbidden, unauthenticated } from '#server/core/errors.ts';
import { SUSPENDED_MESSAGE, withClientIp } from '#server/auth/createAuth.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';

export interface AuthResult {
  actor: SessionUser;
  /** Set-Cookie headers carrying the new session, for the response. */
  setCookies: string[];
}

/** Checks the password through better-auth and opens a session (no rate limit: callers apply theirs). */
export async function startSession(
  services: Services,
  email: string,
  password: string,
  req: { headers: Headers; clientIp: string },
): Promise<AuthResult> {
  try {
    const { headers: out, response } = await services.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: withClientIp(req.headers, req.clientIp),
      returnHeaders: true,
    });
    const { user } = response;
    return {
      actor: {
        userId: user.id,
        name: user.name,
        email: user.email,
        role: user.role as SessionUser['role'],
        locale: toLocale((user as { locale?: unknown }).locale),
      },
      setCookies: out.getSetCookie(),
    };
  } catch (err) {
    if (isAPIError(err)) {
      if (err.status === 'FORBIDDEN' && err.message === SUSPENDED_MESSAGE) throw forbidden(SUSPENDED_MESSAGE);
      if (err.status === 'UNAUTHORIZED' || err.status === 'BAD_REQUEST') throw unauthenticated(INVALID_CREDENTIALS);
    }
    throw err;
  }
}
