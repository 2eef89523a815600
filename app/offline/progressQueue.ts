// Positions and completions watched without a connection, kept on the device (IndexedDB) until the server
// has them. Each keeps the time it was recorded, so the server keeps the newest of this device's and
// another device's (server/modules/learning/mergeProgress.ts). Entries belong to the account that made
// them and are sent only while that account is signed in.
import { deliverQueued, offlineTx } from './offlineDb.ts';
import { currentUserKey } from './offlineKeys.ts';

interface QueuedReport {
  id?: number;
  userKey: string;
  episodeId: string;
  position: number;
  recordedAt: number;
}

/** Keeps a report for later; does nothing when nobody is signed in (the server would refuse it anyway). */
export async function queueProgress(episodeId: string, position: number, recordedAt = Date.now()): Promise<void> {
  const userKey = currentUserKey();
  if (!userKey) return;
  await offlineTx('progress', 'readwrite', (s) =>
    s.add({ userKey, episodeId, position, recordedAt } satisfies QueuedReport),
  );
}

/** Sends this account's kept reports, oldest first; each is removed once the server answered it; returns how many are left. */
export async function flushProgress(): Promise<number> {
  const userKey = currentUserKey();
  if (!userKey || !navigator.onLine) return 0;
  const all = (await offlineTx('progress', 'readonly', (s) => s.getAll())) as QueuedReport[];
  return deliverQueued(
    all.filter((q) => q.userKey === userKey),
    '/api/learning/progress',
    (r) => ({ episodeId: r.episodeId, position: r.position, recordedAt: r.recordedAt }),
    (r) => offlineTx('progress', 'readwrite', (s) => s.delete(r.id!)),
  );
}
