// The device's own database (IndexedDB) for what waits for a connection: progress reports, notes and quiz
// attempts. One database, one version, so every part of the app opens it the same way.
const DB = 'darasa-offline';
const VERSION = 3;
export type OfflineStore = 'progress' | 'notes' | 'quizAttempts';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, VERSION);
    // Version 1 had progress only, version 2 added notes, version 3 quiz attempts: an upgrade adds what is
    // missing and keeps what was queued (an existing store is never deleted or recreated).
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('progress'))
        db.createObjectStore('progress', { keyPath: 'id', autoIncrement: true });
      if (!db.objectStoreNames.contains('notes')) db.createObjectStore('notes', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('quizAttempts')) db.createObjectStore('quizAttempts', { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** One request in its own transaction; resolves once the transaction is complete. */
export function offlineTx<T>(
  store: OfflineStore,
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const t = db.transaction(store, mode);
        const req = fn(t.objectStore(store));
        t.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        t.onerror = () => reject(t.error);
      }),
  );
}

/**
 * Sends queued items to `url` one by one, oldest first, and forgets each the server answered: stored, or
 * refused for good (no access any more, bad input). Stops at the first network failure (offline again) and
 * keeps an item refused for the session (401) or by a server fault (5xx) for the next try. `forget` gets
 * the server's answer too (a quiz attempt's score). Returns how many are left.
 */
export async function deliverQueued<T>(
  items: T[],
  url: string,
  body: (item: T) => unknown,
  forget: (item: T, answer: Response) => Promise<unknown>,
): Promise<number> {
  let left = items.length;
  for (const item of items) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body(item)),
    }).catch(() => null);
    if (!res) return left;
    if (res.status !== 401 && res.status < 500) {
      await forget(item, res);
      left--;
    }
  }
  return left;
}
