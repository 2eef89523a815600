import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toIso, toNum } from '#server/db/values.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

export interface PeriodicTaskStatus {
  name: string;
  scope: 'deployment' | 'machine' | 'process';
  /** The machine a machine-scoped task's row is for; null otherwise. */
  machine: string | null;
  /** 0: turned off by the configuration. */
  intervalMs: number;
  /** Not known for a task of each process (it runs unclaimed in each). */
  nextRunAt: string | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  /** Started and not finished (yet, or ever: its process stopped; the next run does its work again). */
  running: boolean;
  lastError: string | null;
}

/** The periodic tasks (server/composition/periodicTasks.ts) as the workers last ran them, by name. */
export async function listPeriodicTasks(services: Services, actor: Actor): Promise<PeriodicTaskStatus[]> {
  requireAdmin(actor);
  const rows = await services.database.db
    .selectFrom('periodicTask')
    .selectAll()
    .orderBy('name')
    .orderBy('machine')
    .execute();
  return rows.map((r) => {
    const scope = r.scope as PeriodicTaskStatus['scope'];
    const started = r.lastStartedAt === null ? null : toIso(r.lastStartedAt);
    const finished = r.lastFinishedAt === null ? null : toIso(r.lastFinishedAt);
    return {
      name: r.name,
      scope,
      machine: r.machine || null,
      intervalMs: toNum(r.intervalMs),
      nextRunAt: scope === 'process' ? null : toIso(r.nextRunAt),
      lastStartedAt: started,
      lastFinishedAt: finished,
      running: started !== null && (finished === null || finished < started),
      lastError: r.lastError,
    };
  });
}
