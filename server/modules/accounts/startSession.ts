import { isAPIError } from 'better-auth/api';
import type { AppServices, Viewer } from '../../http/appContext.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import { SUSPENDED_MESSAGE, authFor, withClientIp } from './auth.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';

export interface AuthResult {
  viewer: Viewer;
  /** Set-Cookie headers carrying the new session, for the response. */
  setCookies: string[];
}

/** Checks the password through better-auth and opens a session (no rate limit: callers apply theirs). */
export async function startSession(
  services: AppServices,
  email: string,
  password: string,
  req: { headers: Headers; clientIp: string },
): Promise<AuthResult> {
  try {
    const { headers: out, response } = await authFor(services).api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: withClientIp(req.headers, req.clientIp),
      returnHeaders: true,
    });
    const { user } = response;
    return {
      viewer: { userId: user.id, name: user.name, email: user.email, role: user.role as Viewer['role'] },
      setCookies: out.getSetCookie(),
    };
  } catch (err) {
    if (isAPIError(err)) {
      if (err.status === 'FORBIDDEN' && err.message === SUSPENDED_MESSAGE) throw forbidden(SUSPENDED_MESSAGE);
      if (err.status === 'UNAUTHORIZED' || err.status === 'BAD_REQUEST') throw unauthorized(INVALID_CREDENTIALS);
    }
    throw err;
  }
}
