import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * THE hand-off of a finished video upload to the video pipeline (transcoding into HLS renditions).
 * Until the pipeline's enqueue function exists, the asset waits here as `uploaded`; the pipeline then
 * marks it `processing` and `ready` (or `failed` with a reason).
 */
export async function startVideoProcessing(trx: Transaction<DB>, assetId: string, _originalPath: string): Promise<void> {
  await trx.updateTable('mediaAsset').set({ status: 'uploaded', updatedAt: new Date() }).where('id', '=', assetId).execute();
}
