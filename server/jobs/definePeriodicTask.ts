// A periodic task: work that runs every so often on its own (no one enqueues it). Definitions are listed in
// server/composition/periodicTasks.ts, beside the job types, and run by startPeriodicRunner().
import type { Config } from '../config/config.ts';
import type { Services } from '../core/services.ts';

/**
 * Where a task runs, and so how often in all:
 * - `deployment`: once per interval across every process and machine (claimed in the database), by the
 *   processes that run jobs. For work on shared state: the database, the media storage.
 * - `machine`: once per interval on each machine (claimed in the database under its host name), by its
 *   web processes. For files on the machine's own disk.
 * - `process`: in every web process, unclaimed. For what lives in one process's memory.
 */
export type PeriodicScope = 'deployment' | 'machine' | 'process';

export interface PeriodicTask {
  name: string;
  scope: PeriodicScope;
  /** Milliseconds between two runs, from the configuration where a setting exists; 0 turns the task off. */
  intervalMs(config: Config): number;
  /** Throws to record a failure: the next run comes at the next interval all the same. */
  handler(services: Services): Promise<void>;
}

export function definePeriodicTask(task: PeriodicTask): PeriodicTask {
  return task;
}
