// Runs periodic tasks (definePeriodicTask.ts) in this process: those of the scopes it is given. A shared
// task (deployment, machine) runs when this runner wins the claim on its row, so every process may run the
// runner and each interval still gets one run; a process task runs here on a timer of its own. The runner
// sleeps until the earliest next run it knows of, and stops cleanly: nothing starts once stop() is called,
// and a run still going after the grace period is recorded as abandoned (the next run does its work again).
import os from 'node:os';
import type { Services } from '../core/services.ts';
import type { PeriodicScope, PeriodicTask } from './definePeriodicTask.ts';
import {
  claimPeriodicRun,
  finishPeriodicRun,
  readSchedule,
  registerPeriodicTasks,
  releasePeriodicRun,
  type ScheduleRow,
  type TaskKey,
} from './periodicTaskRows.ts';

export interface PeriodicRunnerOptions {
  /** The scopes this process runs. */
  scopes: readonly PeriodicScope[];
  /** This machine's name for machine-scoped tasks; default the host name. */
  machine?: string;
  /** How long stop() lets running tasks finish; default 10 s. */
  graceMs?: number;
}

export interface PeriodicRunner {
  /** Starts the timer: a round now, then one whenever a task is next due. */
  start(): void;
  /** One round: claims what is due now and resolves once those runs have finished (tests move a clock). */
  runDue(): Promise<void>;
  /** Starts nothing more; waits up to the grace period for running tasks. */
  stop(): Promise<void>;
}

/** The longest sleep between rounds: intervals changed by another process's configuration are seen by then. */
const MAX_SLEEP_MS = 60_000;
/** After a round failed (the database unreachable), the next one comes this soon. */
const RETRY_MS = 5_000;
const ABANDONED = 'Stopped while running: the next run does this work again.';

interface Running {
  done: Promise<void>;
  key: TaskKey;
  startedAt: Date;
  shared: boolean;
}

export function createPeriodicRunner(
  services: Services,
  tasks: readonly PeriodicTask[],
  opts: PeriodicRunnerOptions,
): PeriodicRunner {
  const { database, log, clock, config } = services;
  const machine = opts.machine ?? os.hostname();
  const graceMs = opts.graceMs ?? 10_000;
  const keyOf = (task: PeriodicTask): TaskKey => ({
    name: task.name,
    machine: task.scope === 'machine' ? machine : '',
  });
  const shared = (task: PeriodicTask) => task.scope !== 'process';
  const intervalOf = new Map(tasks.map((t) => [t.name, t.intervalMs(config)]));
  const mine = tasks.filter((t) => opts.scopes.includes(t.scope) && intervalOf.get(t.name)! > 0);
  // When each of this runner's tasks is next due, as far as it knows (process tasks: only here).
  const nextRun = new Map<string, number>(
    mine.filter((t) => !shared(t)).map((t) => [t.name, clock.now().getTime() + intervalOf.get(t.name)!]),
  );
  const running = new Map<string, Running>();
  let registered = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let round: Promise<Promise<void>[]> | null = null;

  /**
   * Every task gets its row (the admin's jobs page lists them), the deployment's too where this process
   * does not run them; a machine's tasks only on the machines that run them.
   */
  async function register() {
    const rows = tasks
      .filter((t) => t.scope !== 'machine' || opts.scopes.includes('machine'))
      .map((t) => ({ ...keyOf(t), scope: t.scope, intervalMs: intervalOf.get(t.name)! }));
    await registerPeriodicTasks(database.db, rows, clock.now());
    registered = true;
  }

  /** Claims and starts the tasks that are due; returns the runs it started. */
  async function claimDue(): Promise<Promise<void>[]> {
    if (!registered) await register();
    const schedule = new Map<string, ScheduleRow>();
    if (mine.some(shared)) {
      for (const row of await readSchedule(database.db, ['', machine])) {
        // A process task's row is only for the admin's list: its schedule is this process's own.
        const task = mine.find((t) => shared(t) && t.name === row.name && keyOf(t).machine === row.machine);
        if (!task) continue;
        schedule.set(task.name, row);
        nextRun.set(task.name, row.nextRunAt.getTime());
      }
      // A row removed meanwhile (by hand, or as a machine's gone stale) is made again next round.
      if (mine.some((t) => shared(t) && !schedule.has(t.name))) registered = false;
    }
    const started: Promise<void>[] = [];
    for (const task of mine) {
      if (stopped) break;
      const now = clock.now();
      if (running.has(task.name) || (nextRun.get(task.name) ?? Infinity) > now.getTime()) continue;
      const interval = intervalOf.get(task.name)!;
      const before = schedule.get(task.name);
      if (shared(task)) {
        const next = await claimPeriodicRun(database.db, keyOf(task), interval, now);
        if (!next) continue;
        nextRun.set(task.name, next.getTime());
        if (stopped) {
          if (before) await releasePeriodicRun(database.db, before, now);
          break;
        }
      } else {
        nextRun.set(task.name, now.getTime() + interval);
      }
      started.push(run(task, now));
    }
    return started;
  }

  function run(task: PeriodicTask, startedAt: Date): Promise<void> {
    const key = keyOf(task);
    const done = (async () => {
      let error: string | null = null;
      try {
        await task.handler(services);
      } catch (err) {
        error = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
        log.warn({ err, task: task.name }, 'periodic task failed');
      }
      if (shared(task)) {
        await finishPeriodicRun(database.db, key, startedAt, error, clock.now()).catch((err: unknown) =>
          log.warn({ err, task: task.name }, 'periodic task: could not record its run'),
        );
      }
    })().finally(() => running.delete(task.name));
    running.set(task.name, { done, key, startedAt, shared: shared(task) });
    return done;
  }

  function wake(ms: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), Math.max(0, Math.min(ms, MAX_SLEEP_MS)));
    timer.unref();
  }

  async function tick() {
    if (round || stopped) return;
    let delay = RETRY_MS;
    try {
      round = claimDue();
      // A finished run is followed by a round: its next run may already be due (it outlasted its interval).
      for (const done of await round) void done.then(() => wake(0));
      const now = clock.now().getTime();
      const waiting = mine.filter((t) => !running.has(t.name)).map((t) => nextRun.get(t.name) ?? Infinity);
      delay = Math.min(...waiting) - now;
    } catch (err) {
      log.warn({ err }, 'periodic tasks: could not claim');
    } finally {
      round = null;
      wake(delay);
    }
  }

  return {
    start: () => wake(0),
    async runDue() {
      await Promise.all(await claimDue());
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await round?.catch(() => {});
      const left = [...running.values()];
      let grace: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        Promise.all(left.map((r) => r.done)).then(() => true),
        new Promise<boolean>((resolve) => {
          grace = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(grace);
      if (finished) return;
      const abandoned = [...running.values()];
      log.warn({ tasks: abandoned.map((r) => r.key.name) }, 'periodic tasks still running at shutdown were abandoned');
      await Promise.all(
        abandoned
          .filter((r) => r.shared)
          .map((r) => finishPeriodicRun(database.db, r.key, r.startedAt, ABANDONED, clock.now()).catch(() => {})),
      );
    },
  };
}

export function startPeriodicRunner(
  services: Services,
  tasks: readonly PeriodicTask[],
  opts: PeriodicRunnerOptions,
): PeriodicRunner {
  const runner = createPeriodicRunner(services, tasks, opts);
  runner.start();
  return runner;
}
