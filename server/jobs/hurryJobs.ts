import type { Kysely } from 'kysely';
import type { JobType } from '../core/services.ts';
import type { DB } from '../db/schema.ts';

/**
 * Moves queued jobs of one type and exact payload to now: for a job queued to run later unless something
 * it waits for happens first. Running, finished and failed jobs are left alone. Returns how many moved.
 */
export async function hurryJobs<P>(db: Kysely<DB>, def: JobType<P>, payloads: P[]): Promise<number> {
  // The stored payload is the schema's output serialised (enqueueJob.ts), so it matches byte for byte.
  const stored = payloads.map((p) => JSON.stringify(def.schema.parse(p)));
  const r = await db
    .updateTable('job')
    .set({ runAt: new Date(), updatedAt: new Date() })
    .where('type', '=', def.type)
    .where('status', '=', 'queued')
    .where('payload', 'in', stored)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
