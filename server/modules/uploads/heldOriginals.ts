// A finished upload is never dropped because the media storage (an S3 bucket, say) is unreachable at that
// moment: the video's original is kept on this machine's disk and the processing job stores it before it
// transcodes, retrying as jobs do. Held files share the rule of uploads in progress: every process that
// may run the job sees DATA_DIR's uploads folder (docs/deployment.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Services } from '#server/core/services.ts';
import { uploadPaths } from './uploadPaths.ts';

const heldPath = (services: Services, key: string) =>
  path.join(uploadPaths(services.config.dataDir).held, path.posix.basename(key));

/** Stores `file` as `key`; if the storage refuses, keeps it held and answers false. The file is gone either way. */
export async function storeOrHoldOriginal(services: Services, key: string, file: string): Promise<boolean> {
  try {
    await services.storage.moveIn(key, file);
    return true;
  } catch (err) {
    const held = heldPath(services, key);
    await fs.mkdir(path.dirname(held), { recursive: true });
    await fs.rename(file, held);
    services.log.warn({ err, key }, 'media storage unavailable: original held on disk until its job stores it');
    return false;
  }
}

/** Stores a held original, if there is one for `key` (throws while the storage is still unavailable). */
export async function storeHeldOriginal(services: Services, key: string): Promise<void> {
  const held = heldPath(services, key);
  const there = await fs.stat(held).then(
    () => true,
    () => false,
  );
  if (there) await services.storage.moveIn(key, held);
}

/** Removes a held original (the asset it was for could not be recorded). */
export const dropHeldOriginal = (services: Services, key: string) => fs.rm(heldPath(services, key), { force: true });
