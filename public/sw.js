// Darasa's service worker (docs/decisions/0023): a small hand-written worker, no Workbox.
// - App shell: the offline page, manifest and icons at install; built /assets/* cache-first (hashed names
//   never change); the learner pages' assets precached when the learner first downloads an episode.
// - Pages: network first; each visited page (and its client-navigation .data) is kept per signed-in user,
//   so offline it opens again, and another account on the same browser never gets it. A page never stored
//   answers with /offline.html, which lists the downloaded episodes.
// - Downloads: the download code (app/offline/) stores an episode's HLS files in Cache Storage under
//   /offline/<assetId>/… in the user's cache; the player keeps asking for /media/s/<token>/<assetId>/…, and
//   this worker answers from the stored copy when it is complete and still within its 30 days offline.
//   A download also keeps the lesson's PDF and resources under /offline/<key>/files/… (decision 0064); the
//   learning page's links to them (/api/learning/files/<episodeId>/…) are answered from there the same way.
// The server prepends `self.DARASA_BUILD` and `self.DARASA_ASSETS` (server/http/serviceWorkerScript.ts).
// Names shared with the page are in app/offline/offlineKeys.ts; keep both in step.

const BUILD = self.DARASA_BUILD || 'dev';
const SHELL = `darasa-shell-${BUILD}`;
const PAGES = 'darasa-pages-';
const DOWNLOADS = 'darasa-dl-';
const USER_COOKIE = 'darasa_u';
const OFFLINE_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const SHELL_FILES = [
  '/offline.html',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/logo.svg',
  '/favicon.ico',
];
const TOKEN_MEDIA = /^\/media\/s\/[^/]+\/([A-Za-z0-9_-]+)\/(.+)$/;
const LESSON_FILE = /^\/api\/learning\/files\/([A-Za-z0-9_-]+)\/(pdf|resources\/[A-Za-z0-9_-]+)$/;

/** The user key the page last told us (fallback where the Cookie Store API is missing). */
let postedUser = null;

async function currentUser() {
  if (self.cookieStore) {
    const cookie = await self.cookieStore.get(USER_COOKIE).catch(() => null);
    return cookie?.value || null;
  }
  return postedUser;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((c) => c.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('darasa-shell-') && n !== SHELL).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const msg = event.data || {};
  if (msg.type === 'user') postedUser = msg.key || null;
  if (msg.type === 'precache-assets')
    event.waitUntil(precacheAssets().finally(() => event.ports[0]?.postMessage('done')));
});

/** The learner pages' scripts and styles, fetched once a learner starts using offline. */
async function precacheAssets() {
  const cache = await caches.open(SHELL);
  const list = self.DARASA_ASSETS || [];
  for (const url of list) {
    if (!(await cache.match(url))) await cache.add(url).catch(() => {});
  }
}

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  const media = TOKEN_MEDIA.exec(url.pathname);
  // `?dl=1`: the download code fetching the real files; those go straight to the network.
  if (media && !url.searchParams.has('dl')) {
    event.respondWith(storedMediaOrNetwork(req, media[1], media[2]));
    return;
  }
  const lessonFile = LESSON_FILE.exec(url.pathname);
  if (lessonFile && !url.searchParams.has('dl')) {
    event.respondWith(storedLessonFileOrNetwork(req, lessonFile[1], `files/${lessonFile[2]}`, url));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(req));
    return;
  }
  if (req.mode === 'navigate') {
    event.respondWith(networkFirstPage(req, true));
    return;
  }
  if (url.pathname.endsWith('.data') && !url.pathname.startsWith('/api/')) {
    event.respondWith(networkFirstPage(req, false));
  }
});

async function cacheFirst(req) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(req);
  if (hit) return hit;
  const res = await fetch(req);
  if (res.ok) await cache.put(req, res.clone());
  return res;
}

async function pagesCache() {
  return caches.open(PAGES + ((await currentUser()) || 'anon'));
}

async function networkFirstPage(req, isDocument) {
  try {
    const res = await fetch(req);
    // Only real pages: never an error, never a redirect to sign in.
    if (res.ok && !res.redirected) {
      const copy = res.clone();
      void pagesCache().then((c) => c.put(req.url, copy));
    }
    return res;
  } catch (err) {
    const hit = await (await pagesCache()).match(req.url);
    if (hit) return hit;
    if (!isDocument) throw err;
    return (await caches.match('/offline.html')) || new Response('You are offline.', { status: 503 });
  }
}

/** A complete, unexpired copy of this asset in the signed-in user's downloads, or null. */
async function storedCopy(assetId) {
  const user = await currentUser();
  if (!user) return null;
  const cache = await caches.open(DOWNLOADS + user);
  const metaRes = await cache.match(`/offline/${assetId}/meta.json`);
  if (!metaRes) return null;
  const meta = await metaRes.json();
  if (meta.state !== 'done' || Date.now() - meta.checkedAt > OFFLINE_DAYS_MS) return null;
  return cache;
}

async function storedMediaOrNetwork(req, assetId, file) {
  const cache = await storedCopy(assetId).catch(() => null);
  if (cache) {
    const hit = await cache.match(`/offline/${assetId}/${file}`);
    if (hit) return hit;
  }
  return fetch(req);
}

/** A lesson's file from a complete, unexpired download of that lesson (any key: video asset or lesson id), or null. */
async function storedLessonFile(episodeId, path) {
  const user = await currentUser();
  if (!user) return null;
  const cache = await caches.open(DOWNLOADS + user);
  for (const key of await cache.keys()) {
    if (!key.url.endsWith('/meta.json')) continue;
    const meta = await (await cache.match(key)).json();
    if (meta.episodeId !== episodeId) continue;
    if (meta.state !== 'done' || Date.now() - meta.checkedAt > OFFLINE_DAYS_MS) return null;
    return (await cache.match(`/offline/${meta.assetId}/${path}`)) || null;
  }
  return null;
}

/** The stored file when the lesson is downloaded (no data spent, online too), else the network. */
async function storedLessonFileOrNetwork(req, episodeId, path, url) {
  const hit = await storedLessonFile(episodeId, path).catch(() => null);
  if (!hit) return fetch(req);
  if (!url.searchParams.has('download')) return hit;
  // "Download" of a PDF lesson: the same bytes, saved rather than shown.
  const headers = new Headers(hit.headers);
  headers.set(
    'content-disposition',
    (headers.get('content-disposition') || 'attachment').replace(/^inline/, 'attachment'),
  );
  return new Response(hit.body, { status: 200, headers });
}
