// Runs queued jobs: polls the job table, holds a lease on each running job (renewed while it runs, so a
// job whose process died is taken again once the lease expires), retries failures with exponential
// backoff and stops cleanly. Nothing lives only in memory: several processes may run workers at once.
import os from 'node:os';
import type { Services } from '../core/services.ts';
import { newId } from '../lib/ids.ts';
import { claimJob, failAbandonedJobs, type JobRow } from './claimJob.ts';
import { JOB_DEFAULTS, PermanentJobError, type JobDefinition } from './defineJob.ts';

export interface WorkerOptions {
  concurrency: number;
  /** How long a claimed job stays ours without a heartbeat; default 30 s. */
  leaseMs?: number;
  /** Idle polling interval; default 1 s. */
  pollMs?: number;
}

export interface JobWorker {
  /** Poll now (after enqueueing from this process) instead of at the next tick. */
  wake(): void;
  /** Stops claiming, aborts running jobs and hands them back to the queue. */
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 60 * 60_000;
const PROGRESS_WRITE_MS = 1000;
/** Abandoned jobs are rare: look for them now and then, not on every poll (each look is a write). */
const SWEEP_MS = 30_000;

export function startJobWorker(
  services: Services,
  definitions: readonly JobDefinition[],
  opts: WorkerOptions,
): JobWorker {
  const { database, log } = services;
  const byType = new Map(definitions.map((d) => [d.type, d]));
  const types = [...byType.keys()];
  const leaseMs = opts.leaseMs ?? 30_000;
  const pollMs = opts.pollMs ?? 1000;
  const workerId = `${os.hostname()}:${process.pid}:${newId().slice(0, 6)}`;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let polling = false;
  let lastSweep = 0;

  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void poll(), ms);
  };

  async function poll() {
    if (polling || stopped) return;
    polling = true;
    try {
      if (Date.now() - lastSweep >= SWEEP_MS) {
        lastSweep = Date.now();
        for (const job of await failAbandonedJobs(database, types)) await reportFailure(job, job.lastError ?? '');
      }
      while (!stopped && running.size < opts.concurrency) {
        const job = await claimJob(database, workerId, types, leaseMs);
        if (!job) break;
        if (stopped) {
          await release(job.id);
          break;
        }
        const controller = new AbortController();
        const done = run(job, controller).finally(() => {
          running.delete(job.id);
          schedule(0);
        });
        running.set(job.id, { controller, done });
      }
    } catch (err) {
      log.warn({ err }, 'job poll failed');
    } finally {
      polling = false;
      schedule(pollMs);
    }
  }

  async function run(job: JobRow, controller: AbortController) {
    const def = byType.get(job.type)!;
    const timeoutMs = def.timeoutMs ?? JOB_DEFAULTS.timeoutMs;
    const timeout = setTimeout(
      () => controller.abort(new Error(`Timed out after ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    const heartbeat = setInterval(() => void renewLease(job.id, controller), Math.max(100, leaseMs / 3));
    let lastProgressWrite = 0;
    const progress = (percent: number) => {
      const now = Date.now();
      if (now - lastProgressWrite < PROGRESS_WRITE_MS && percent < 100) return;
      lastProgressWrite = now;
      void mine(job.id)
        .set({ progress: Math.max(0, Math.min(100, Math.round(percent))) })
        .execute()
        .catch(() => {});
    };
    try {
      const payload = parsePayload(def, job.payload);
      const aborted = new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }),
      );
      await Promise.race([
        def.handler(payload, { services, jobId: job.id, attempt: job.attempts, signal: controller.signal, progress }),
        aborted,
      ]);
      await mine(job.id)
        .set({ status: 'done', progress: 100, lockedBy: null, lockedUntil: null, updatedAt: new Date() })
        .execute();
    } catch (err) {
      if (stopped) {
        await release(job.id);
        return;
      }
      await recordFailure(job, def, err);
    } finally {
      clearTimeout(timeout);
      clearInterval(heartbeat);
    }
  }

  /** Shutting down is not the job's fault: hand it back without counting the attempt. */
  async function release(jobId: string) {
    await mine(jobId)
      .set((eb) => ({
        status: 'queued',
        attempts: eb('attempts', '-', 1),
        lockedBy: null,
        lockedUntil: null,
        runAt: new Date(),
        updatedAt: new Date(),
      }))
      .execute()
      .catch(() => {});
  }

  /** Updates a job only while this worker still holds it. */
  const mine = (jobId: string) =>
    database.db
      .updateTable('job')
      .where('id', '=', jobId)
      .where('lockedBy', '=', workerId)
      .where('status', '=', 'running');

  async function renewLease(jobId: string, controller: AbortController) {
    try {
      const r = await mine(jobId)
        .set({ lockedUntil: new Date(Date.now() + leaseMs) })
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) controller.abort(new Error('Lost the job lease'));
    } catch {
      // A missed heartbeat is retried at the next beat; the lease has room for two misses.
    }
  }

  async function recordFailure(job: JobRow, def: JobDefinition, err: unknown) {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    const final = err instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    const backoff = Math.min(MAX_BACKOFF_MS, (def.backoffMs ?? JOB_DEFAULTS.backoffMs) * 2 ** (job.attempts - 1));
    const r = await mine(job.id)
      .set({
        status: final ? 'failed' : 'queued',
        lastError: reason,
        lockedBy: null,
        lockedUntil: null,
        runAt: new Date(Date.now() + (final ? 0 : backoff)),
        updatedAt: new Date(),
      })
      .executeTakeFirst()
      .catch(() => null);
    log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, final, reason }, 'job failed');
    if (final && r && Number(r.numUpdatedRows) > 0) await reportFailure(job, reason);
  }

  async function reportFailure(job: JobRow, reason: string) {
    const def = byType.get(job.type);
    if (!def?.onFailed) return;
    try {
      await def.onFailed(parsePayload(def, job.payload), reason, services);
    } catch (err) {
      log.warn({ err, jobId: job.id }, 'job onFailed hook failed');
    }
  }

  if (opts.concurrency > 0) schedule(0);
  return {
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const { controller } of running.values()) controller.abort(new Error('Shutting down'));
      await Promise.all([...running.values()].map((r) => r.done));
    },
  };
}

function parsePayload(def: JobDefinition, raw: string): unknown {
  try {
    return def.schema.parse(JSON.parse(raw));
  } catch {
    throw new PermanentJobError(`Invalid payload for job type ${def.type}`);
  }
}
