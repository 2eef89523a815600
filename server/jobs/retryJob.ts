import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Puts a failed job back in the queue with fresh attempts. False when it is not (or no longer) failed. */
export async function retryJob(db: Kysely<DB>, jobId: string): Promise<boolean> {
  const now = new Date();
  const r = await db
    .updateTable('job')
    .set({ status: 'queued', attempts: 0, runAt: now, lastError: null, progress: 0, updatedAt: now })
    .where('id', '=', jobId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
