import type { Kysely } from 'kysely';
import type { JobType } from '../core/services.ts';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { JOB_DEFAULTS } from './defineJob.ts';

/**
 * Queues a job. Pass the caller's transaction: the row (and so the job) exists only if that transaction
 * commits, so a job never runs for work that was rolled back. Returns the job id. Operations enqueue through
 * `services.jobs.enqueue`, which also wakes this process's worker.
 */
export async function enqueueJob<P>(
  db: Kysely<DB>,
  def: JobType<P>,
  payload: P,
  opts: { delayMs?: number } = {},
): Promise<string> {
  const parsed = def.schema.parse(payload);
  const now = new Date();
  const id = newId();
  await db
    .insertInto('job')
    .values({
      id,
      type: def.type,
      payload: JSON.stringify(parsed),
      status: 'queued',
      attempts: 0,
      maxAttempts: def.maxAttempts ?? JOB_DEFAULTS.maxAttempts,
      runAt: new Date(now.getTime() + (opts.delayMs ?? 0)),
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
      progress: 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}
