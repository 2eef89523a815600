// Two values a device keeps for its downloads, both HMACs with the playback-token key (no new secret):
// - the user key: names the browser storage of one account (caches `darasa-dl-<key>`, `darasa-pages-<key>`)
//   and is sent in the readable `darasa_u` cookie so the service worker serves only the signed-in user's
//   copies; unguessable from the user id, and carrying nothing else;
// - the grant: lets the device ask "are these downloads still mine to keep?" even after its session has
//   ended (a suspended learner's sessions end at once), so the answer can still remove the copies.
import type { MediaTokens } from '#server/core/services.ts';

/** A grant is good for a year; every download refreshes it. */
const GRANT_TTL_S = 365 * 24 * 60 * 60;

export function userKeyOf(tokens: MediaTokens, userId: string): string {
  // A fixed expiry of 0 makes the token a plain HMAC of the id; the signature part is the key.
  return tokens.signUntil(`user-key:${userId}`, 0).split('.')[1]!;
}

export function signGrant(tokens: MediaTokens, userId: string, nowMs = Date.now()): string {
  return tokens.signUntil(`offline-grant:${userId}`, Math.floor(nowMs / 1000) + GRANT_TTL_S);
}

export function grantIsValid(tokens: MediaTokens, userId: string, grant: string): boolean {
  return tokens.check(grant, `offline-grant:${userId}`) === 'ok';
}
