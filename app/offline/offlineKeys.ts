// Names the page, the service worker (public/sw.js) and the offline page (public/offline.html) share for
// what they keep in Cache Storage; change them together. Everything an account downloads or visits lives
// in caches named by its user key (the `darasa_u` cookie set by the server), so another account signed in
// on the same browser never opens it.

export const USER_COOKIE = 'darasa_u';
export const DOWNLOADS_CACHE = 'darasa-dl-';
export const PAGES_CACHE = 'darasa-pages-';
/** The window event sent when a download starts or the entitlement check removed downloads. */
export const DOWNLOADS_CHANGED = 'darasa:downloads-changed';
/** The window event sent when a note written offline was kept on the device or sent. */
export const NOTES_CHANGED = 'darasa:notes-changed';
/** The window event sent when a quiz attempt was kept on the device, or sent and answered (app/offline/quizQueue.ts). */
export const QUIZ_CHANGED = 'darasa:quiz-changed';
/** The flag that tells every page load this browser holds downloads (so the sync code is worth loading). */
export const HAS_OFFLINE_FLAG = 'darasa.offline';

/** How long a copy plays without the server confirming it may be kept (public/sw.js refuses it after). */
export const OFFLINE_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The address the player asks for to play a stored copy. The service worker answers any token media URL
 * of an asset with a complete copy from Cache Storage, so this token (which no server would accept) only
 * ever reaches the copy: online and offline alike, without spending data.
 */
export const storedCopySource = (assetId: string) => `/media/s/offline/${assetId}/master.m3u8`;

/** The downloads page opened to play one episode (the offline page links here: public/offline.html). */
export const PLAY_HASH = '#play=';

/** The signed-in account's user key, or null (signed out, or cookies unreadable). */
export function currentUserKey(): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${USER_COOKIE}=`));
  return found ? found.slice(USER_COOKIE.length + 1) || null : null;
}

/** Where one file of a download is kept: `/offline/<assetId>/<path>` (the service worker's lookup key). */
export const storedFileUrl = (assetId: string, path: string) => `/offline/${assetId}/${path}`;
export const metaUrl = (assetId: string) => storedFileUrl(assetId, 'meta.json');
