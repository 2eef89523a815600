// A job type: its name, the zod schema of its payload, its handler and its retry policy. Definitions are
// listed in server/composition/jobTypes.ts; enqueueJob() takes the definition itself, so payloads are typed at the call site.
import type { z } from 'zod';
import type { Services } from '../core/services.ts';

export interface JobContext {
  services: Services;
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted on timeout, on shutdown and when the worker lost its lease. */
  signal: AbortSignal;
  /** Records 0–100 on the job row (throttled by the worker). */
  progress(percent: number): void;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  type: string;
  schema: S;
  handler(payload: z.infer<S>, ctx: JobContext): Promise<void>;
  /** Runs including the first; default 5. */
  maxAttempts?: number;
  /** Per run; default 10 minutes. */
  timeoutMs?: number;
  /** First retry delay, doubled on each further retry; default 10 s. */
  backoffMs?: number;
  /** Called once when the job has failed for good (its last attempt, or a PermanentJobError). */
  onFailed?(payload: z.infer<S>, reason: string, services: Services): Promise<void>;
}

export function defineJob<S extends z.ZodType>(def: JobDefinition<S>): JobDefinition<S> {
  return def;
}

/** A failure that retrying cannot fix (e.g. a file that is not video): the job fails at once. */
export class PermanentJobError extends Error {}

export const JOB_DEFAULTS = { maxAttempts: 5, timeoutMs: 10 * 60_000, backoffMs: 10_000 } as const;
