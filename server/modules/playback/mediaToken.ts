// Playback tokens: `<expiry>.<signature>` in the URL path, the signature an HMAC-SHA256 over the asset id
// and the expiry. Checking one needs no database, so segments are served as fast as static files, and a
// CDN (or nginx secure_link) can check the same format at scale. A token opens one asset only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN = /^(\d{10})\.([A-Za-z0-9_-]{32})$/;

/** Protected episodes: long enough to watch a long lecture in one sitting, short enough to go stale. */
export const PRIVATE_TTL_S = 4 * 60 * 60;
/**
 * Free previews and trailers sit in anonymously cached pages: their expiry is rounded up to a 12 h step
 * (valid 12–24 h) so every render in a step yields the same URL.
 */
export const PUBLIC_STEP_S = 12 * 60 * 60;

// Set by startServer from the configured or persisted key; a process that never set one (a unit test of
// a catalog query) signs with a random key only it accepts.
let secret: Buffer = randomBytes(32);

export function useMediaTokenSecret(key: Buffer): void {
  secret = key;
}

const signature = (assetId: string, exp: string) =>
  createHmac('sha256', secret).update(`${assetId}:${exp}`).digest('base64url').slice(0, 32);

export function signMediaToken(assetId: string, access: 'public' | 'private', nowMs = Date.now()): string {
  const now = Math.floor(nowMs / 1000);
  const exp = access === 'private' ? now + PRIVATE_TTL_S : (Math.floor(now / PUBLIC_STEP_S) + 2) * PUBLIC_STEP_S;
  return signTokenUntil(assetId, exp);
}

export function signTokenUntil(assetId: string, expSeconds: number): string {
  const exp = String(expSeconds).padStart(10, '0');
  return `${exp}.${signature(assetId, exp)}`;
}

export type TokenCheck = 'ok' | 'malformed' | 'expired' | 'invalid';

export function checkMediaToken(token: string, assetId: string, nowMs = Date.now()): TokenCheck {
  const m = TOKEN.exec(token);
  if (!m) return 'malformed';
  const expected = Buffer.from(signature(assetId, m[1]!));
  const given = Buffer.from(m[2]!);
  if (!timingSafeEqual(expected, given)) return 'invalid';
  return Number(m[1]) * 1000 <= nowMs ? 'expired' : 'ok';
}
