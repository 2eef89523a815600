// Downloads episodes for offline viewing (docs/decisions/0023): the HLS rendition itself (init segment,
// media segments, its playlist and a master playlist with only it) into the account's Cache Storage, with
// the lesson's PDF and resources (decision 0064).
// Resumable by construction: a file is stored whole or not at all, and a run skips every file already
// stored, so a dropped connection, a pause or a closed tab costs at most the files that were in flight.
// Loaded only when a learner downloads, manages downloads, or this browser already holds some.
import type { DownloadChoice, DownloadManifest } from '#common/offline/downloadManifest.ts';
import { countBytes } from '#app/lib/dataMeter.ts';
import { codecSupport } from '#app/components/player/codecFamily.ts';
import {
  type DownloadMeta,
  type DownloadState,
  listMetas,
  openDownloads,
  readMeta,
  removeDownload,
  storedBytes,
  writeMeta,
} from './downloadStore.ts';
import { currentUserKey, DOWNLOADS_CHANGED, HAS_OFFLINE_FLAG, PAGES_CACHE, storedFileUrl } from './offlineKeys.ts';

export interface DownloadProgress {
  state: DownloadState | 'none';
  done: number;
  total: number;
  quality?: DownloadChoice;
  error?: string;
}

/** Files fetched at once: enough to fill a slow link, few enough that a drop loses little. */
const PARALLEL = 3;

type Listener = (p: DownloadProgress) => void;
const listeners = new Map<string, Set<Listener>>();
const progress = new Map<string, DownloadProgress>();
const running = new Map<string, AbortController>();

function emit(episodeId: string, p: DownloadProgress): void {
  progress.set(episodeId, p);
  for (const l of listeners.get(episodeId) ?? []) l(p);
  for (const l of listeners.get('*') ?? []) l(p);
}

/** Follows one episode's download ('*': any change). Returns the unsubscribe function. */
export function subscribe(episodeId: string, l: Listener): () => void {
  const set = listeners.get(episodeId) ?? new Set<Listener>();
  listeners.set(episodeId, set);
  set.add(l);
  const known = progress.get(episodeId);
  if (known) l(known);
  return () => set.delete(l);
}

function userCache(): Promise<Cache> {
  const key = currentUserKey();
  if (!key) throw new Error('Sign in to download episodes.');
  return openDownloads(key);
}

/** The manifest in the codec family this device plays (decision 0066): sizes and files follow it. */
export async function fetchManifest(episodeId: string): Promise<DownloadManifest> {
  const decodes = await codecSupport();
  const plays = [decodes.av1 ? 'av1' : '', decodes.opus ? 'opus' : ''].filter(Boolean).join(',');
  const query = plays ? `?plays=${plays}` : '';
  const res = await fetch(`/api/offline/episodes/${encodeURIComponent(episodeId)}${query}`, {
    credentials: 'same-origin',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(body?.error?.message ?? 'This episode cannot be downloaded right now.');
  }
  return (await res.json()) as DownloadManifest;
}

/** Keeps the pages a learner needs offline: the episode's page, the downloads page, and the app's code. */
async function keepPages(meta: DownloadMeta, userKey: string): Promise<void> {
  const pages = await caches.open(PAGES_CACHE + userKey);
  for (const path of [`/learn/${meta.courseId}/${meta.order}`, '/downloads']) {
    const res = await fetch(path, { credentials: 'same-origin' }).catch(() => null);
    if (res?.ok && !res.redirected) await pages.put(new URL(path, location.href).href, res);
  }
  await precacheAppCode();
}

/** Asks the service worker to keep the learner pages' code, and waits until it has (offline needs it). */
function precacheAppCode(): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage({ type: 'precache-assets' }, [channel.port2]);
  });
}

/** Starts (or restarts) downloading an episode at a quality. */
export async function startDownload(episodeId: string, quality: DownloadChoice): Promise<void> {
  emit(episodeId, { state: 'downloading', done: 0, total: 0, quality });
  try {
    const userKey = currentUserKey();
    const cache = await userCache();
    const m = await fetchManifest(episodeId);
    const option = m.options.find((o) => o.quality === quality);
    if (!option || !userKey) throw new Error('This quality is not available for this episode.');
    const old = await readMeta(cache, m.assetId);
    if (old && old.quality !== quality) await removeDownload(cache, m.assetId);
    const now = Date.now();
    const meta: DownloadMeta = {
      assetId: m.assetId,
      userId: m.userId,
      grant: m.grant,
      courseId: m.course.id,
      courseTitle: m.course.title,
      episodeId,
      order: m.episode.order,
      title: m.episode.title,
      duration: m.episode.duration,
      quality,
      bytes: option.bytes,
      files: option.files,
      lessonFiles: m.lessonFiles,
      master: option.master,
      state: 'downloading',
      savedAt: old?.savedAt ?? now,
      checkedAt: now,
    };
    await writeMeta(cache, meta);
    localStorage.setItem(HAS_OFFLINE_FLAG, '1');
    // Rows still showing a plain "Download" button (e.g. after "Download all") switch to their live state.
    window.dispatchEvent(new Event(DOWNLOADS_CHANGED));
    void navigator.storage?.persist?.().catch(() => false);
    // The pages and the app's code come alongside the video; the copy counts as done once both are kept.
    const pages = keepPages(meta, userKey).catch(() => {});
    await run(cache, meta, m.base, pages);
  } catch (err) {
    emit(episodeId, { state: 'failed', done: 0, total: 0, quality, error: (err as Error).message });
  }
}

/** Fetches every file not stored yet; on a dropped connection waits for it to come back. */
async function run(cache: Cache, meta: DownloadMeta, base: string | null, alongside?: Promise<void>): Promise<void> {
  running.get(meta.episodeId)?.abort();
  const abort = new AbortController();
  running.set(meta.episodeId, abort);
  let done = await storedBytes(cache, meta);
  const report = (state: DownloadState, error?: string) =>
    emit(meta.episodeId, {
      state,
      done,
      total: meta.bytes,
      quality: meta.quality,
      ...(error ? { error } : {}),
    });
  report('downloading');
  let signedBase = base;
  const missing = [];
  for (const f of meta.files) if (!(await cache.match(storedFileUrl(meta.assetId, f.path)))) missing.push(f);
  try {
    const fetchOne = async (f: DownloadMeta['files'][number]) => {
      for (let attempt = 0; ; attempt++) {
        // A lesson's own file comes from its address with the session; a video's file from the signed media
        // URL, fresh when we have none (a resumed download) or ours expired. `?dl=1`: the service worker
        // lets it through to the network, and fetching a PDF lesson here does not count as opening it.
        if (!('url' in f)) signedBase ??= (await fetchManifest(meta.episodeId)).base;
        const src = 'url' in f ? f.url : `${signedBase}/${f.path}`;
        const res = await fetch(`${src}?dl=1`, { signal: abort.signal, credentials: 'same-origin' });
        if (res.status === 403 && attempt === 0 && !('url' in f)) {
          signedBase = null;
          continue;
        }
        if (!res.ok) throw new Error(res.status === 404 ? 'This episode is no longer available.' : 'Download failed.');
        // The whole body first: a file is stored complete or not at all.
        const body = await res.arrayBuffer();
        const headers = new Headers({ 'content-type': res.headers.get('content-type') ?? 'application/octet-stream' });
        // A lesson file keeps its name and how it opens (a PDF inline, a resource saved).
        const disposition = res.headers.get('content-disposition');
        if (disposition) headers.set('content-disposition', disposition);
        await cache.put(storedFileUrl(meta.assetId, f.path), new Response(body, { headers }));
        // The player counts a video's bytes when it plays them; a lesson's files count when fetched.
        if ('url' in f) countBytes(body.byteLength);
        done += f.bytes;
        report('downloading');
        return;
      }
    };
    // On the first failure no new file starts, but the files in flight finish and are kept: a file that
    // arrived whole is never fetched again because another one failed beside it.
    const queue = [...missing];
    let failure: { err: unknown } | null = null;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let f = queue.shift(); f && !failure; f = queue.shift()) {
          try {
            await fetchOne(f);
          } catch (err) {
            failure ??= { err };
          }
        }
      }),
    );
    if (failure) throw (failure as { err: unknown }).err;
    await alongside;
    // Complete: the master playlist last (a video's), then the meta that lets the service worker serve it.
    if (meta.master)
      await cache.put(
        storedFileUrl(meta.assetId, 'master.m3u8'),
        new Response(meta.master, { headers: { 'content-type': 'application/vnd.apple.mpegurl' } }),
      );
    await writeMeta(cache, { ...meta, state: 'done', checkedAt: Date.now() });
    report('done');
  } catch (err) {
    if (abort.signal.aborted) return; // paused or cancelled: they report themselves
    abort.abort();
    const offline = !navigator.onLine || err instanceof TypeError;
    const state: DownloadState = offline ? 'waiting' : 'failed';
    await writeMeta(cache, { ...meta, state: offline ? 'downloading' : 'failed' });
    report(state, offline ? 'Waiting for a connection…' : (err as Error).message);
  } finally {
    if (running.get(meta.episodeId) === abort) running.delete(meta.episodeId);
  }
}

async function withMeta(episodeId: string, fn: (cache: Cache, meta: DownloadMeta) => Promise<void>): Promise<void> {
  const cache = await userCache();
  const meta = (await listMetas(cache)).find((m) => m.episodeId === episodeId);
  if (meta) await fn(cache, meta);
}

export function pauseDownload(episodeId: string): Promise<void> {
  running.get(episodeId)?.abort();
  return withMeta(episodeId, async (cache, meta) => {
    await writeMeta(cache, { ...meta, state: 'paused' });
    emit(episodeId, {
      state: 'paused',
      done: await storedBytes(cache, meta),
      total: meta.bytes,
      quality: meta.quality,
    });
  });
}

export function resumeDownload(episodeId: string): Promise<void> {
  return withMeta(episodeId, async (cache, meta) => {
    await writeMeta(cache, { ...meta, state: 'downloading' });
    await run(cache, { ...meta, state: 'downloading' }, null);
  });
}

/** Cancels a download in progress or deletes a finished one. */
export function deleteDownload(episodeId: string): Promise<void> {
  running.get(episodeId)?.abort();
  return withMeta(episodeId, async (cache, meta) => {
    await removeDownload(cache, meta.assetId);
    emit(episodeId, { state: 'none', done: 0, total: 0 });
  });
}

/** The stored state of an episode's download, for a button showing it. */
export async function downloadStatus(episodeId: string): Promise<DownloadProgress> {
  const known = progress.get(episodeId);
  if (known) return known;
  let found: DownloadProgress = { state: 'none', done: 0, total: 0 };
  await withMeta(episodeId, async (cache, meta) => {
    const state = meta.state === 'downloading' && !running.has(episodeId) ? 'waiting' : meta.state;
    found = { state, done: await storedBytes(cache, meta), total: meta.bytes, quality: meta.quality };
  }).catch(() => {});
  return found;
}

// A page that is downloading resumes by itself when the connection comes back.
if (typeof window !== 'undefined') window.addEventListener('online', () => void resumeUnfinished().catch(() => {}));

/** Picks up every download left unfinished (a closed tab, a dropped connection). */
export async function resumeUnfinished(): Promise<void> {
  const key = currentUserKey();
  if (!key || !navigator.onLine) return;
  const cache = await openDownloads(key);
  for (const meta of await listMetas(cache))
    if (meta.state === 'downloading' && !running.has(meta.episodeId)) void run(cache, meta, null);
}
