// Playback tokens: `<expiry>.<signature>` in the URL path, the signature an HMAC-SHA256 over the asset id
// and the expiry. Checking one needs no database, so segments are served as fast as static files, and a
// CDN (or nginx secure_link) can check the same format at scale. A token opens one asset only.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaTokens } from '#server/core/services.ts';

const TOKEN = /^(\d{10})\.([A-Za-z0-9_-]{32})$/;

/** Protected episodes: long enough to watch a long lecture in one sitting, short enough to go stale. */
const PRIVATE_TTL_S = 4 * 60 * 60;
/**
 * Free previews and trailers sit in anonymously cached pages: their expiry is rounded up to a 12 h step
 * (valid 12–24 h) so every render in a step yields the same URL.
 */
const PUBLIC_STEP_S = 12 * 60 * 60;

/** Tokens signed with `secret` (loadMediaTokenSecret: configured, or kept in DATA_DIR). */
export function createMediaTokens(secret: Buffer): MediaTokens {
  const signature = (assetId: string, exp: string) =>
    createHmac('sha256', secret).update(`${assetId}:${exp}`).digest('base64url').slice(0, 32);

  const signUntil = (assetId: string, expSeconds: number) => {
    const exp = String(expSeconds).padStart(10, '0');
    return `${exp}.${signature(assetId, exp)}`;
  };

  return {
    signUntil,
    sign(assetId, access, nowMs = Date.now()) {
      const now = Math.floor(nowMs / 1000);
      const exp = access === 'private' ? now + PRIVATE_TTL_S : (Math.floor(now / PUBLIC_STEP_S) + 2) * PUBLIC_STEP_S;
      return signUntil(assetId, exp);
    },
    check(token, assetId, nowMs = Date.now()) {
      const m = TOKEN.exec(token);
      if (!m) return 'malformed';
      const expected = Buffer.from(signature(assetId, m[1]!));
      const given = Buffer.from(m[2]!);
      if (!timingSafeEqual(expected, given)) return 'invalid';
      return Number(m[1]) * 1000 <= nowMs ? 'expired' : 'ok';
    },
  };
}
