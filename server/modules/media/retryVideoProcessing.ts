import type { Services } from '#server/core/services.ts';
import { retryJob } from '#server/jobs/retryJob.ts';

/** "Retry" on a video whose processing failed. False when there is nothing to retry. */
export async function retryVideoProcessing(services: Services, { assetId }: { assetId: string }): Promise<boolean> {
  return services.database.db.transaction().execute(async (trx) => {
    const asset = await trx
      .selectFrom('mediaAsset')
      .select(['jobId', 'status'])
      .where('id', '=', assetId)
      .executeTakeFirst();
    if (!asset?.jobId || asset.status !== 'failed') return false;
    if (!(await retryJob(trx, asset.jobId))) return false;
    await trx
      .updateTable('mediaAsset')
      .set({ status: 'processing', error: null, progress: 0, updatedAt: new Date() })
      .where('id', '=', assetId)
      .execute();
    return true;
  });
}
