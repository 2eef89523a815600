// The change feed of SQLite (decision 0029): every process on the database shares DATA_DIR, so a catalog
// change rewrites one small file with a fresh token, and each process's page cache compares that token
// with the one it last saw before every lookup. Unlike a watcher, the check cannot miss or lag: a process
// never answers from a cache older than the last change committed anywhere. (PostgreSQL uses
// LISTEN/NOTIFY instead, which also reaches other machines: catalogChangeFeed.ts.)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface CatalogChangeFile {
  /** Tells every process (this one included) that the public catalog changed. */
  notify(): void;
  /** True once per change made since the previous call that returned true. */
  changedSinceLastLook(): boolean;
}

export function catalogChangeFile(dataDir: string): CatalogChangeFile {
  const file = path.join(dataDir, 'catalog-version');
  const read = () => {
    try {
      return fs.readFileSync(file, 'latin1');
    } catch {
      return '';
    }
  };
  let seen = read();
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
      const now = read();
      if (now === seen) return false;
      seen = now;
      return true;
    },
  };
}
