import type { Kysely } from 'kysely';
import type { JobQueue } from '#server/core/services.ts';
import type { DB } from '#server/db/schema.ts';
import { processVideoJob } from './processVideoJob.ts';

/**
 * Hands a finished video upload to the processing pipeline. Call it inside the transaction that records
 * the asset: the job exists only if that transaction commits. The asset shows as processing from now on.
 */
export async function enqueueVideoProcessingInTx(
  trx: Kysely<DB>,
  {
    jobs,
    assetId,
    originalKey,
  }: {
    /** The services' job queue (it also wakes this process's worker). */
    jobs: JobQueue;
    assetId: string;
    /** Where the original is in the media storage (mediaKeys.ts's originalKey). */
    originalKey: string;
  },
): Promise<string> {
  const jobId = await jobs.enqueue(trx, processVideoJob, { assetId, originalKey });
  await trx
    .updateTable('mediaAsset')
    .set({ status: 'processing', jobId, progress: 0, error: null, updatedAt: new Date() })
    .where('id', '=', assetId)
    .execute();
  return jobId;
}
