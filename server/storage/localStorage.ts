// Media on the local disk: a key is a path under DATA_DIR, laid out exactly as before object storage
// existed (`uploads/`, `media/<assetId>/`). Publishing is one rename, so it is all-or-nothing.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MediaStorage } from '#server/core/mediaStorage.ts';

export function createLocalStorage(root: string): MediaStorage {
  const pathOf = (key: string) => path.join(root, ...key.split('/'));
  return {
    kind: 'local',
    async stat(key) {
      const s = await fs.promises.stat(pathOf(key)).catch(() => null);
      return s?.isFile() ? { size: s.size, modifiedMs: s.mtimeMs } : null;
    },
    async read(key, { start, end }) {
      return Readable.toWeb(fs.createReadStream(pathOf(key), { start, end })) as ReadableStream<Uint8Array>;
    },
    readText: (key) => fs.promises.readFile(pathOf(key), 'utf8').catch(() => null),
    async moveIn(key, file) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.promises.rename(file, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        // From another file system: copied beside the target, then renamed, so readers see it whole.
        const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
        try {
          await fs.promises.copyFile(file, tmp);
          await fs.promises.rename(tmp, target);
        } finally {
          await fs.promises.rm(tmp, { force: true });
        }
        await fs.promises.rm(file, { force: true });
      }
    },
    withLocalCopy: (key, use) => use(pathOf(key)),
    async prepareFolder(prefix) {
      // Beside its final place (one file system, so the rename is atomic); the dot keeps it out of URLs.
      const target = pathOf(prefix);
      const work = path.join(path.dirname(target), `.work-${path.basename(target)}`);
      await fs.promises.rm(work, { recursive: true, force: true });
      await fs.promises.mkdir(work, { recursive: true });
      return work;
    },
    async publishFolder(dir, prefix) {
      const target = pathOf(prefix);
      await fs.promises.rm(target, { recursive: true, force: true });
      await fs.promises.rename(dir, target);
    },
    remove: (keyOrPrefix) => fs.promises.rm(pathOf(keyOrPrefix), { recursive: true, force: true }),
  };
}
