import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toIso } from '#server/db/values.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

export interface FailedJobRow {
  id: string;
  type: string;
  attempts: number;
  lastError: string | null;
  updatedAt: string;
  assetId: string | null;
  ownerName: string | null;
}

const LIMIT = 100;

/** Failed background jobs (video processing), newest failure first, with the upload and its owner. */
export async function listFailedJobs(services: Services, actor: Actor): Promise<FailedJobRow[]> {
  requireAdmin(actor);
  const rows = await services.database.db
    .selectFrom('job')
    .leftJoin('mediaAsset', 'mediaAsset.jobId', 'job.id')
    .leftJoin('user', 'user.id', 'mediaAsset.ownerId')
    .select([
      'job.id',
      'job.type',
      'job.attempts',
      'job.lastError',
      'job.updatedAt',
      'mediaAsset.id as assetId',
      'user.name as ownerName',
    ])
    .where('job.status', '=', 'failed')
    .orderBy('job.updatedAt', 'desc')
    .orderBy('job.id', 'desc')
    .limit(LIMIT)
    .execute();
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts), updatedAt: toIso(r.updatedAt) }));
}
