// Names the page, the service worker (public/sw.js) and the offline page (public/offline.html) share for
// what they keep in Cache Storage; change them together. Everything an account downloads or visits lives
// in caches named by its user key (the `darasa_u` cookie set by the server), so another account signed in
// on the same browser never opens it.

export const USER_COOKIE = 'darasa_u';
export const DOWNLOADS_CACHE = 'darasa-dl-';
export const PAGES_CACHE = 'darasa-pages-';
/** The window event sent when a download starts or the entitlement check removed downloads. */
export const DOWNLOADS_CHANGED = 'darasa:downloads-changed';
/** The flag that tells every page load this browser holds downloads (so the sync code is worth loading). */
export const HAS_OFFLINE_FLAG = 'darasa.offline';

/** The signed-in account's user key, or null (signed out, or cookies unreadable). */
export function currentUserKey(): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${USER_COOKIE}=`));
  return found ? found.slice(USER_COOKIE.length + 1) || null : null;
}

/** Where one file of a download is kept: `/offline/<assetId>/<path>` (the service worker's lookup key). */
export const storedFileUrl = (assetId: string, path: string) => `/offline/${assetId}/${path}`;
export const metaUrl = (assetId: string) => storedFileUrl(assetId, 'meta.json');
