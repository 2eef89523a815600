// The `periodicTask` table, as the periodic runner uses it: one row per task (per task and machine for a
// machine's own work) holding when it runs next and how its last run went.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { toIso } from '../db/values.ts';

/** A row's key: the task's name, and '' or the host name of the machine it is for. */
export interface TaskKey {
  name: string;
  machine: string;
}

export interface ScheduleRow extends TaskKey {
  nextRunAt: Date;
  lastStartedAt: Date | null;
}

/** A machine not seen for this long is gone (a replaced server, an old container): its rows go too. */
const GONE_AFTER_MS = 24 * 60 * 60_000;

const dateOf = (v: Date | string) => new Date(toIso(v));

/**
 * Creates the rows of these tasks (a first run one interval from now), or brings their scope and interval up
 * to date; a shorter interval than the row's brings its next run nearer. Rows of machines long gone are
 * removed on the way.
 */
export async function registerPeriodicTasks(
  db: Kysely<DB>,
  tasks: Array<TaskKey & { scope: string; intervalMs: number }>,
  now: Date,
): Promise<void> {
  if (!tasks.length) return;
  await db
    .deleteFrom('periodicTask')
    .where('machine', '<>', '')
    .where('nextRunAt', '<', new Date(now.getTime() - GONE_AFTER_MS))
    .execute();
  await db
    .insertInto('periodicTask')
    .values(
      tasks.map((t) => ({
        name: t.name,
        machine: t.machine,
        scope: t.scope,
        intervalMs: t.intervalMs,
        nextRunAt: new Date(now.getTime() + t.intervalMs),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['name', 'machine']).doUpdateSet((eb) => ({
        scope: eb.ref('excluded.scope'),
        intervalMs: eb.ref('excluded.intervalMs'),
        nextRunAt: eb
          .case()
          .when('periodicTask.nextRunAt', '>', eb.ref('excluded.nextRunAt'))
          .then(eb.ref('excluded.nextRunAt'))
          .else(eb.ref('periodicTask.nextRunAt'))
          .end(),
      })),
    )
    .execute();
}

/** When each of these rows runs next, and when its last run started. */
export async function readSchedule(db: Kysely<DB>, machines: string[]): Promise<ScheduleRow[]> {
  const rows = await db
    .selectFrom('periodicTask')
    .select(['name', 'machine', 'nextRunAt', 'lastStartedAt'])
    .where('machine', 'in', machines)
    .execute();
  return rows.map((r) => ({
    ...r,
    nextRunAt: dateOf(r.nextRunAt),
    lastStartedAt: r.lastStartedAt === null ? null : dateOf(r.lastStartedAt),
  }));
}

/**
 * Takes the run that is due: one conditional update moves the next run an interval on, so of the runners
 * that try at the same time exactly one changes the row (SQLite: under its write lock; PostgreSQL: the
 * others wait for the row, see its new time and match nothing). Returns the next run, or null when the run
 * is not due (another runner took it).
 */
export async function claimPeriodicRun(
  db: Kysely<DB>,
  key: TaskKey,
  intervalMs: number,
  now: Date,
): Promise<Date | null> {
  const row = await db
    .updateTable('periodicTask')
    .set({ nextRunAt: new Date(now.getTime() + intervalMs), lastStartedAt: now })
    .where('name', '=', key.name)
    .where('machine', '=', key.machine)
    .where('nextRunAt', '<=', now)
    .returning('nextRunAt')
    .executeTakeFirst();
  return row ? dateOf(row.nextRunAt) : null;
}

/** Gives back a run claimed at `startedAt` that never started (the runner stopped in between). */
export async function releasePeriodicRun(db: Kysely<DB>, before: ScheduleRow, startedAt: Date): Promise<void> {
  await db
    .updateTable('periodicTask')
    .set({ nextRunAt: before.nextRunAt, lastStartedAt: before.lastStartedAt })
    .where('name', '=', before.name)
    .where('machine', '=', before.machine)
    .where('lastStartedAt', '=', startedAt)
    .execute();
}

/** Records how the run that started at `startedAt` ended (unless a later run has started since). */
export async function finishPeriodicRun(
  db: Kysely<DB>,
  key: TaskKey,
  startedAt: Date,
  error: string | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('periodicTask')
    .set({ lastFinishedAt: now, lastError: error })
    .where('name', '=', key.name)
    .where('machine', '=', key.machine)
    .where('lastStartedAt', '=', startedAt)
    .execute();
}
