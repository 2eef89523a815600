// Run once per page load from the root layout; tiny on purpose (the download code loads only when used):
// - registers the service worker and tells it who is signed in (for browsers without the Cookie Store API);
// - offline, turns in-app link clicks into document navigations, which the service worker answers from the
//   stored pages or with the offline page (a client-side navigation would need the server's data);
// - when this browser holds downloads or unsent progress, syncs them now and whenever the connection returns.
import { currentUserKey, HAS_OFFLINE_FLAG } from './offlineKeys.ts';
import { retrying } from './retrying.ts';

// The sync code is a chunk fetched on demand: a failed fetch or sync is tried again while online.
const sync = retrying(async () => {
  if (!localStorage.getItem(HAS_OFFLINE_FLAG) || !navigator.onLine) return true;
  await (await import('./syncDownloads.ts')).syncOffline();
  return true;
});

function navigateAsDocumentWhenOffline(e: MouseEvent): void {
  if (navigator.onLine || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
  const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!a || a.target || a.origin !== location.origin) return;
  e.preventDefault();
  location.assign(a.href);
}

export function bootOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => reg.active?.postMessage({ type: 'user', key: currentUserKey() }))
    .catch(() => {});
  document.addEventListener('click', navigateAsDocumentWhenOffline, true);
  window.addEventListener('online', () => void sync());
  void sync();
}
