// The downloads of one account in Cache Storage: per episode a `meta.json` (what it is, how far it got)
// beside its HLS files and the lesson's own files (its PDF, its resources: `files/…`, decision 0064). The service worker serves a copy only once its meta says `done` and it was
// confirmed within the last 30 days (public/sw.js).
import type { DownloadChoice, DownloadOption, LessonDownloadFile } from '#common/offline/downloadManifest.ts';
import { DOWNLOADS_CACHE, metaUrl, storedFileUrl } from './offlineKeys.ts';

export type DownloadState = 'downloading' | 'paused' | 'waiting' | 'done' | 'failed';

export interface DownloadMeta {
  assetId: string;
  userId: string;
  grant: string;
  courseId: string;
  courseTitle: string;
  episodeId: string;
  order: number;
  title: string;
  duration: number;
  quality: DownloadChoice;
  /** Total bytes of the files. */
  bytes: number;
  /** The video's files (fetched under the signed media URL), then the lesson's own (with their `url`). */
  files: DownloadOption['files'];
  /** The lesson's PDF and resources, listed on the downloads page (absent in copies made before them). */
  lessonFiles?: LessonDownloadFile[];
  master: string;
  state: DownloadState;
  savedAt: number;
  /** The last time the server confirmed the learner may keep it (the 30 days count from here). */
  checkedAt: number;
}

export const openDownloads = (userKey: string) => caches.open(DOWNLOADS_CACHE + userKey);

export async function readMeta(cache: Cache, assetId: string): Promise<DownloadMeta | null> {
  const res = await cache.match(metaUrl(assetId));
  return res ? ((await res.json()) as DownloadMeta) : null;
}

export async function writeMeta(cache: Cache, meta: DownloadMeta): Promise<void> {
  await cache.put(
    metaUrl(meta.assetId),
    new Response(JSON.stringify(meta), { headers: { 'content-type': 'application/json' } }),
  );
}

export async function listMetas(cache: Cache): Promise<DownloadMeta[]> {
  const keys = (await cache.keys()).filter((r) => r.url.endsWith('/meta.json'));
  const metas = await Promise.all(keys.map(async (k) => (await (await cache.match(k))?.json()) as DownloadMeta));
  return metas.filter(Boolean).sort((a, b) => a.courseTitle.localeCompare(b.courseTitle) || a.order - b.order);
}

/** Bytes of the files already stored. */
export async function storedBytes(cache: Cache, meta: DownloadMeta): Promise<number> {
  let sum = 0;
  for (const f of meta.files) if (await cache.match(storedFileUrl(meta.assetId, f.path))) sum += f.bytes;
  return sum;
}

/** Removes one download, its files and its meta. */
export async function removeDownload(cache: Cache, assetId: string): Promise<void> {
  const prefix = `/offline/${assetId}/`;
  const keys = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith(prefix));
  // The meta goes first: the service worker stops serving the copy before its files disappear.
  keys.sort((a) => (a.url.endsWith('/meta.json') ? -1 : 1));
  for (const k of keys) await cache.delete(k);
}
