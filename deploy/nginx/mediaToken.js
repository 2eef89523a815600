// Checks a playback token at the edge exactly as the app does (server/modules/playback/mediaToken.ts):
// `/media/s/<expiry>.<signature>/<assetId>/…`, the signature the first 32 characters of the base64url
// HMAC-SHA256 of `<assetId>:<expiry>` under MEDIA_TOKEN_SECRET. Synchronous and without I/O, so it runs on
// every request, cache hits included, for the cost of one HMAC (decision 0033).
// biome-ignore lint/style/useNodejsImportProtocol: njs knows its modules without the node: prefix.
import crypto from 'crypto';

const PATH = /^\/media\/s\/([0-9]{10})\.([A-Za-z0-9_-]{32})\/([A-Za-z0-9_-]+)\//;

/** Compares in time independent of where the strings differ (njs has no timingSafeEqual). */
function sameString(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** `ok`, `expired`, `invalid` or `malformed`: the value of $media_token. */
function check(r) {
  const secret = process.env.MEDIA_TOKEN_SECRET;
  // Without the key nothing can be checked: refuse everything rather than serve unchecked.
  if (!secret) return 'invalid';
  const m = PATH.exec(r.uri);
  if (!m) return 'malformed';
  const expected = crypto.createHmac('sha256', secret).update(`${m[3]}:${m[1]}`).digest('base64url').slice(0, 32);
  if (!sameString(expected, m[2])) return 'invalid';
  return Number(m[1]) <= Math.floor(Date.now() / 1000) ? 'expired' : 'ok';
}

export default { check };
