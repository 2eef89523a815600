import { retryJob } from '#server/jobs/retryJob.ts';
import type { Services } from '#server/core/services.ts';
import { conflict, notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import type { Actor } from '#server/core/actor.ts';
import { retryVideoProcessing } from '../media/retryVideoProcessing.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

/**
 * Puts a failed job back in the queue, recorded in the audit log. A video's job goes through the media
 * pipeline's own retry, which also shows the upload as processing again in its creator's editor.
 */
export async function retryFailedJob(services: Services, actor: Actor, { jobId }: { jobId: string }): Promise<void> {
  requireAdmin(actor);
  if (!isId(jobId)) throw notFound('Job not found.');
  const { db } = services.database;
  const job = await db.selectFrom('job').select(['id', 'type', 'status']).where('id', '=', jobId).executeTakeFirst();
  if (!job) throw notFound('Job not found.');
  const notFailed = () => conflict(`Only a failed job can be retried (this one is ${job.status}).`);
  if (job.status !== 'failed') throw notFailed();
  const asset = await db.selectFrom('mediaAsset').select('id').where('jobId', '=', jobId).executeTakeFirst();
  const retried = asset ? await retryVideoProcessing(services, { assetId: asset.id }) : await retryJob(db, jobId);
  if (!retried) throw notFailed();
  await recordAuditInTx(db, {
    actorId: actor.userId,
    action: 'job.retry',
    targetType: 'job',
    targetId: jobId,
    details: { type: job.type, ...(asset ? { assetId: asset.id } : {}) },
  });
}
