// Positions and completions watched without a connection, kept on the device (IndexedDB) until the server
// has them. Each keeps the time it was recorded, so the server keeps the newest of this device's and
// another device's (server/modules/learning/mergeProgress.ts). Entries belong to the account that made
// them and are sent only while that account is signed in.
import { currentUserKey } from './offlineKeys.ts';

interface QueuedReport {
  id?: number;
  userKey: string;
  episodeId: string;
  position: number;
  recordedAt: number;
}

const DB = 'darasa-offline';
const STORE = 'progress';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function tx<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const t = db.transaction(STORE, mode);
        const req = fn(t.objectStore(STORE));
        t.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        t.onerror = () => reject(t.error);
      }),
  );
}

/** Keeps a report for later; does nothing when nobody is signed in (the server would refuse it anyway). */
export async function queueProgress(episodeId: string, position: number, recordedAt = Date.now()): Promise<void> {
  const userKey = currentUserKey();
  if (!userKey) return;
  await tx('readwrite', (s) => s.add({ userKey, episodeId, position, recordedAt } satisfies QueuedReport));
}

/** Sends this account's kept reports, oldest first; each is removed once the server answered it. */
export async function flushProgress(): Promise<number> {
  const userKey = currentUserKey();
  if (!userKey || !navigator.onLine) return 0;
  const all = (await tx('readonly', (s) => s.getAll())) as QueuedReport[];
  let sent = 0;
  for (const r of all.filter((q) => q.userKey === userKey)) {
    const res = await fetch('/api/learning/progress', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ episodeId: r.episodeId, position: r.position, recordedAt: r.recordedAt }),
    }).catch(() => null);
    if (!res) return sent; // offline again: keep the rest
    // Answered: stored, or refused for good (no access any more, bad input); either way it is done.
    if (res.status !== 401 && res.status < 500) {
      await tx('readwrite', (s) => s.delete(r.id!));
      sent++;
    }
  }
  return sent;
}
