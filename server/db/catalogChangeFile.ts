// The change feed of SQLite (decisions 0029, 0046): every process on the database shares DATA_DIR, so a
// catalog change rewrites one small file with a fresh token, and each process's page cache compares that
// token with the one it last saw. Reading the file on every lookup cost a cached page a good part of its
// time (issue 24), so a process reads it at most every `lookEveryMs` (250 ms), and at once when a watch on
// DATA_DIR says the file was replaced: the watch makes the news quick, the time bound makes it sure (a
// watch can miss events, or be refused). So a process answers from a cache at most `lookEveryMs` older than
// a change committed by another process; its own changes clear its cache at once (the caller does that).
// (PostgreSQL uses LISTEN/NOTIFY instead, which also reaches other machines: catalogChangeFeed.ts.)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** How stale another process's change may be when a cache lookup misses it: the longest between reads. */
export const CATALOG_LOOK_EVERY_MS = 250;

const FILE_NAME = 'catalog-version';

export interface CatalogChangeFile {
  /** Tells every process (this one included) that the public catalog changed. */
  notify(): void;
  /** True once per change made since the previous call that returned true (seen within `lookEveryMs`). */
  changedSinceLastLook(): boolean;
  /** Stops watching DATA_DIR. */
  close(): void;
}

export function catalogChangeFile(
  dataDir: string,
  opts: { lookEveryMs?: number; now?: () => number } = {},
): CatalogChangeFile {
  const file = path.join(dataDir, FILE_NAME);
  const lookEveryMs = opts.lookEveryMs ?? CATALOG_LOOK_EVERY_MS;
  const now = opts.now ?? (() => performance.now());
  const read = () => {
    try {
      return fs.readFileSync(file, 'latin1');
    } catch {
      return '';
    }
  };
  let seen = read();
  let lastLook = now();
  /** Set by the watch when the file was replaced: look at the next lookup, whenever the last one was. */
  let hinted = false;
  let watcher: fs.FSWatcher | undefined;
  let watching = false;
  const watch = () => {
    watching = true;
    try {
      // The directory, not the file: notify() renames a new file over it, which a watch on the old one misses.
      watcher = fs.watch(dataDir, { persistent: false }, (_event, name) => {
        if (name === null || name === FILE_NAME) hinted = true;
      });
      watcher.on('error', () => {
        watcher?.close();
        watcher = undefined;
      });
    } catch {
      // No watch (inotify limits, a file system without one): the time bound alone.
    }
  };
  return {
    notify() {
      // This process cleared its own cache already: its own token is not news to it, unless another
      // process changed the file since this one last looked (then the next look still clears).
      const before = read();
      const token = randomBytes(12).toString('hex');
      // Written beside and renamed over: a reader sees the old token or the new one, never half of one.
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, token);
      fs.renameSync(tmp, file);
      if (before === seen) seen = token;
    },
    changedSinceLastLook() {
      // Only processes that keep a page cache ask; the worker only notifies, so it never watches.
      if (!watching) watch();
      const t = now();
      if (!hinted && t - lastLook < lookEveryMs) return false;
      hinted = false;
      lastLook = t;
      const current = read();
      if (current === seen) return false;
      seen = current;
      return true;
    },
    close() {
      watcher?.close();
      watcher = undefined;
    },
  };
}
