import type { Selectable } from 'kysely';
import type { Database } from '../db/connect.ts';
import type { JobTable } from '../db/schema.ts';

export type JobRow = Selectable<JobTable>;

/**
 * Takes the oldest due job of the given types for `workerId` with a lease until now + leaseMs, in one
 * statement: a queued job whose time has come, or a running one whose lease expired (its worker died).
 * On PostgreSQL the candidate row is locked with SKIP LOCKED so concurrent workers never take the same job
 * nor wait for each other; on SQLite the single UPDATE … RETURNING is atomic under the write lock.
 */
export async function claimJob(
  database: Database,
  workerId: string,
  types: string[],
  leaseMs: number,
): Promise<JobRow | null> {
  if (!types.length) return null;
  const now = new Date();
  let candidate = database.db
    .selectFrom('job')
    .select('id')
    .where('type', 'in', types)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', now)]),
        eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<', now), eb('attempts', '<', eb.ref('maxAttempts'))]),
      ]),
    )
    .orderBy('runAt')
    .orderBy('id')
    .limit(1);
  if (database.dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
  const row = await database.db
    .updateTable('job')
    .set((eb) => ({
      status: 'running',
      lockedBy: workerId,
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: eb('attempts', '+', 1),
      updatedAt: now,
    }))
    .where('id', 'in', candidate)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Jobs whose worker died on their last allowed attempt are never claimed again: mark them failed so they
 * show up (with a retry) instead of staying "running" forever. Returns them for their onFailed hooks.
 */
export async function failAbandonedJobs(database: Database, types: string[]): Promise<JobRow[]> {
  if (!types.length) return [];
  const now = new Date();
  return database.db
    .updateTable('job')
    .set({
      status: 'failed',
      lockedBy: null,
      lockedUntil: null,
      lastError: 'The worker stopped while running this job too many times.',
      updatedAt: now,
    })
    .where('type', 'in', types)
    .where('status', '=', 'running')
    .where('lockedUntil', '<', now)
    .where((eb) => eb('attempts', '>=', eb.ref('maxAttempts')))
    .returningAll()
    .execute();
}
