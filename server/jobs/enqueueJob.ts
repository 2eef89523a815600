import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { JOB_DEFAULTS, type JobDefinition } from './defineJob.ts';
import type { z } from 'zod';

/**
 * Queues a job. Pass the caller's transaction: the row (and so the job) exists only if that transaction
 * commits, so a job never runs for work that was rolled back. Returns the job id.
 */
export async function enqueueJob<S extends z.ZodType>(
  db: Kysely<DB>,
  def: JobDefinition<S>,
  payload: z.input<S>,
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
