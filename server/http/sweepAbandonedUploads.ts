import type { Services } from '#server/core/services.ts';
import { ABANDONED_AFTER_MS } from '#common/uploads/uploadRules.ts';
import { createUploadStore } from './uploadStores.ts';

/**
 * Deletes the uploads in progress that nobody finished within ABANDONED_AFTER_MS (a periodic task of the
 * whole deployment: DATA_DIR is shared by its processes; with S3 the bucket's lifecycle rule does it).
 */
export async function sweepAbandonedUploads(services: Services): Promise<void> {
  const removed = await createUploadStore(services).cleanUp(ABANDONED_AFTER_MS, services.clock.now());
  if (removed) services.log.info({ removed }, 'abandoned uploads removed');
}
