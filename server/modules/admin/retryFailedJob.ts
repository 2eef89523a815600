import { retryJob } from '../../jobs/retryJob.ts';
import type { AppServices } from '../../http/appContext.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isId } from '../../lib/ids.ts';
import type { Actor } from '../access/policies.ts';
import { recordAudit } from './recordAudit.ts';
import { requireAdmin } from './requireAdmin.ts';

/** Puts a failed job back in the queue (the media pipeline's retry), recorded in the audit log. */
export async function retryFailedJob(services: AppServices, actor: Actor, jobId: string): Promise<void> {
  requireAdmin(actor);
  if (!isId(jobId)) throw notFound('Job not found.');
  await services.database.db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('job').select(['id', 'type', 'status']).where('id', '=', jobId).executeTakeFirst();
    if (!job) throw notFound('Job not found.');
    if (!(await retryJob(trx, jobId))) throw conflict(`Only a failed job can be retried (this one is ${job.status}).`);
    await recordAudit(trx, { actorId: actor.userId, action: 'job.retry', targetType: 'job', targetId: jobId, details: { type: job.type } });
  });
}
