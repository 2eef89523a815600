// What a device does each time it is online with downloads on it: send the progress, notes and quiz attempts made offline, ask the
// server which downloads each account may still keep (removing the rest: refunded, suspended, unpublished
// for them), renew the 30 days of those it may keep, and resume downloads left unfinished.
import type { DownloadCheckResult } from '#common/offline/downloadManifest.ts';
import { resumeUnfinished } from './downloader.ts';
import { listMetas, removeDownload, writeMeta } from './downloadStore.ts';
import { DOWNLOADS_CACHE, DOWNLOADS_CHANGED } from './offlineKeys.ts';
import { flushNotes } from './notesQueue.ts';
import { flushProgress } from './progressQueue.ts';
import { flushQuizAttempts } from './quizQueue.ts';
import { retrying } from './retrying.ts';

/** Every account's downloads on this browser are checked, with the grant each came with (no session needed). */
async function checkEntitlements(): Promise<void> {
  for (const name of (await caches.keys()).filter((n) => n.startsWith(DOWNLOADS_CACHE))) {
    const cache = await caches.open(name);
    const metas = await listMetas(cache);
    const first = metas[0];
    if (!first) continue;
    const res = await fetch('/api/offline/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ userId: first.userId, grant: first.grant, episodeIds: metas.map((m) => m.episodeId) }),
    }).catch(() => null);
    if (!res) return; // offline: nothing changes, the 30 days keep running
    if (!res.ok && res.status !== 403) continue; // a server hiccup is no reason to delete anything
    const { entitled } = res.ok ? ((await res.json()) as DownloadCheckResult) : { entitled: [] as string[] };
    const keep = new Set(entitled);
    const now = Date.now();
    for (const m of metas) {
      if (!keep.has(m.episodeId)) await removeDownload(cache, m.assetId);
      else await writeMeta(cache, { ...m, checkedAt: now });
    }
    if (metas.some((m) => !keep.has(m.episodeId))) window.dispatchEvent(new Event(DOWNLOADS_CHANGED));
  }
}

let syncing: Promise<void> | null = null;
/** Progress, notes or quiz attempts still waiting after a sync (the connection came back shaky) go again later. */
const sendWaiting = retrying(async () => {
  const [progress, notes, quizzes] = await Promise.all([flushProgress(), flushNotes(), flushQuizAttempts()]);
  return progress + notes + quizzes === 0;
});

export function syncOffline(): Promise<void> {
  syncing ??= (async () => {
    try {
      await sendWaiting();
      await checkEntitlements();
      await resumeUnfinished();
    } finally {
      syncing = null;
    }
  })();
  return syncing;
}
