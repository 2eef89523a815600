import { SESSION_COOKIE } from '#server/auth/createAuth.ts';
import type { Services } from '#server/core/services.ts';

/** A Set-Cookie that removes the session cookie (its __Secure- name where the site is https). */
export function clearSessionCookie(services: Services): string {
  const https = services.config.publicUrl.startsWith('https://');
  const name = https ? `__Secure-${SESSION_COOKIE}` : SESSION_COOKIE;
  return `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`;
}
