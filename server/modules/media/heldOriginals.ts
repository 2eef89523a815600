// A finished upload is never dropped because the media storage (an S3 bucket, say) is unreachable at that
// moment: the video's original is kept on this machine's disk, and stored by whichever comes first: its
// processing job (when it runs on this machine) or this machine's web processes, which try the held files
// every minute and give a job that failed for want of the original another go.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '#server/core/services.ts';
import { originalKey } from './mediaKeys.ts';
import { retryVideoProcessing } from './retryVideoProcessing.ts';

/** `<DATA_DIR>/uploads/held/`, beside the uploads in progress; a held file is named like its storage key. */
const heldDir = (services: Services) => path.join(services.config.dataDir, 'uploads', 'held');
const heldPath = (services: Services, key: string) => path.join(heldDir(services), path.posix.basename(key));

/** Stores `file` as `key`, or keeps it held if the storage refuses. The file is gone from its place either way. */
export async function storeOrHoldOriginal(
  services: Services,
  { key, file }: { key: string; file: string },
): Promise<void> {
  try {
    await services.storage.moveIn(key, file);
  } catch (err) {
    const held = heldPath(services, key);
    await fs.mkdir(path.dirname(held), { recursive: true });
    await fs.rename(file, held);
    services.log.warn({ err, key }, 'media storage unavailable: original held on disk until its job stores it');
  }
}

/** Stores a held original, if there is one for `key` (throws while the storage is still unavailable). */
export async function storeHeldOriginal(services: Services, { key }: { key: string }): Promise<void> {
  const held = heldPath(services, key);
  const there = await fs.stat(held).then(
    () => true,
    () => false,
  );
  if (there) await services.storage.moveIn(key, held);
}

/** Removes a held original (the asset it was for could not be recorded). */
export const dropHeldOriginal = (services: Services, { key }: { key: string }) =>
  fs.rm(heldPath(services, key), { force: true });

/** Stores every original held on this machine; stops at the first the storage refuses (it is still down). */
export async function storeHeldOriginals(services: Services): Promise<number> {
  const dir = heldDir(services);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let stored = 0;
  for (const name of names) {
    const { name: assetId, ext } = path.parse(name);
    await services.storage.moveIn(originalKey(assetId, ext.slice(1)), path.join(dir, name));
    stored++;
    await retryVideoProcessing(services, { assetId });
  }
  return stored;
}
