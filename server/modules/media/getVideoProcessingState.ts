import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toNum } from '../../db/values.ts';

export interface VideoProcessingState {
  state: 'queued' | 'processing' | 'ready' | 'failed';
  /** 0–100 while processing. */
  progress: number;
  /** Why it failed, in words the creator can act on. */
  error: string | null;
}

/** What the editor shows for a video: queued, processing with a percentage, ready, or failed with why. */
export async function getVideoProcessingState(db: Kysely<DB>, assetId: string): Promise<VideoProcessingState | null> {
  const row = await db
    .selectFrom('mediaAsset')
    .leftJoin('job', 'job.id', 'mediaAsset.jobId')
    .select(['mediaAsset.status', 'mediaAsset.progress', 'mediaAsset.error', 'job.status as jobStatus'])
    .where('mediaAsset.id', '=', assetId)
    .executeTakeFirst();
  if (!row) return null;
  const progress = toNum(row.progress);
  if (row.status === 'ready') return { state: 'ready', progress: 100, error: null };
  if (row.status === 'failed') return { state: 'failed', progress, error: row.error };
  if (row.jobStatus === 'queued' && progress === 0) return { state: 'queued', progress: 0, error: null };
  return { state: 'processing', progress, error: null };
}
