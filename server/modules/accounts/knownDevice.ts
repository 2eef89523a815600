import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Services } from '#server/core/services.ts';
import { resolveAuthSecret } from '#server/auth/authSecret.ts';

// A "known device" cookie (OWASP's device-cookie lockout defence): set when a sign-in succeeds, signed for
// that account. Sign-ins carrying it have their own attempt budget, so strangers exhausting the account's
// budget from elsewhere cannot lock its owner out of a browser they signed in from before.
export const DEVICE_COOKIE = 'darasa_device';
const YEAR_S = 365 * 24 * 3600;

function sign(services: Services, deviceId: string, email: string): string {
  const secret = resolveAuthSecret(services.config, services.log);
  return createHmac('sha256', secret).update(`device:${deviceId}:${email}`).digest('base64url');
}

/** The device id when the request carries a valid device cookie for `email`, else null. */
export function knownDeviceId(
  services: Services,
  { headers, email }: { headers: Headers; email: string },
): string | null {
  const m = new RegExp(`(?:^|;\\s*)${DEVICE_COOKIE}=([A-Za-z0-9_-]{16,64})\\.([A-Za-z0-9_-]{43})`).exec(
    headers.get('cookie') ?? '',
  );
  if (!m) return null;
  const expected = Buffer.from(sign(services, m[1]!, email));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? m[1]! : null;
}

/** The Set-Cookie that makes this browser a known device of `email`. */
export function deviceCookie(services: Services, { email }: { email: string }): string {
  const id = randomBytes(16).toString('base64url');
  const secure = services.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${id}.${sign(services, id, email)}; Path=/api/account; Max-Age=${YEAR_S}; HttpOnly; SameSite=Lax${secure}`;
}
