import { isAPIError } from 'better-auth/api';
import { toLocale } from '#common/accounts/locale.ts';
import type { Services } from '#server/core/services.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { forbidden, unauthenticated } from '#server/core/errors.ts';
import { SUSPENDED_MESSAGE, withClientIp } from '#server/auth/createAuth.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';

/** Who is asking, as the HTTP layer resolved it: better-auth records the address and browser with a session. */
export interface ClientRequest {
  headers: Headers;
  clientIp: string;
}

export interface AuthResult {
  actor: SessionUser;
  /** Set-Cookie headers carrying the new session, for the response. */
  setCookies: string[];
}

/** Checks the password through better-auth and opens a session (no rate limit: callers apply theirs). */
export async function startSession(
  services: Services,
  { email, password, headers, clientIp }: { email: string; password: string } & ClientRequest,
): Promise<AuthResult> {
  try {
    const { headers: out, response } = await services.auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: withClientIp(headers, clientIp),
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
