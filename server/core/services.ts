// What operations are given to do their work: built once in the composition root (server/composition/startServer.ts)
// and passed explicitly as the first argument of every operation. Nothing here is looked up on the side
// or kept in module-level state. Each service is described by the interface operations rely on, so
// tests can build the real ones on a throw-away database.
import type { Locker } from '@tus/server';
import type { Kysely } from 'kysely';
import type { Auth } from '../auth/createAuth.ts';
import type { Config } from '../config/config.ts';
import type { DarajaClient } from '../daraja/darajaClient.ts';
import type { Database } from '../db/connect.ts';
import type { DB } from '../db/schema.ts';
import type { Logger } from '../logging/logger.ts';
import type { MediaStorage } from './mediaStorage.ts';
import type { SmsClient } from '../sms/atSmsClient.ts';

/** Playback tokens (`<expiry>.<hmac>` in the media URL path), signed with the configured key. */
export interface MediaTokens {
  /** Protected videos: a short life; free previews: a rounded expiry so cached pages keep one URL. */
  sign(assetId: string, access: 'public' | 'private', nowMs?: number): string;
  signUntil(assetId: string, expSeconds: number): string;
  check(token: string, assetId: string, nowMs?: number): 'ok' | 'malformed' | 'expired' | 'invalid';
}

/** A viewing event from a player, buffered and written in batches (analytics). */
export interface ViewEventRecord {
  courseId: string;
  episodeId?: string | undefined;
  kind: 'trailer_view' | 'preview_view' | 'watch';
  seconds: number;
  userId: string | null;
  at: Date;
}

export interface ViewEvents {
  /** Queues one event; false when it had to be dropped (the database is stalled). */
  add(event: ViewEventRecord): boolean;
  /** Writes what is queued; resolves once it is stored. */
  flush(): Promise<void>;
}

/** A job type as the queue sees it: its name and how to check its payload. */
export interface JobType<P = unknown> {
  type: string;
  schema: { parse(input: unknown): P };
  maxAttempts?: number;
}

export interface JobQueue {
  /**
   * Queues a job inside the caller's transaction (it exists only if that commits) and wakes this
   * process's worker once it may have committed. Returns the job id.
   */
  enqueue<P>(db: Kysely<DB>, def: JobType<P>, payload: P, opts?: { delayMs?: number }): Promise<string>;
  /** Runs now the queued jobs of this type with these payloads (queued to run later), and wakes the worker. */
  hurry<P>(db: Kysely<DB>, def: JobType<P>, payloads: P[]): Promise<number>;
}

/** The time operations act at: the real clock, or one a test moves. */
export interface Clock {
  now(): Date;
}

export interface Services {
  config: Config;
  /** What time it is for this process; operations read it here instead of taking a `now` argument. */
  clock: Clock;
  database: Database;
  log: Logger;
  auth: Auth;
  daraja: DarajaClient;
  /** Africa's Talking (or its simulator). */
  sms: SmsClient;
  mediaTokens: MediaTokens;
  viewEvents: ViewEvents;
  jobs: JobQueue;
  /** Uploaded originals and processed media: local disk or an S3 bucket. */
  storage: MediaStorage;
  /** tus's per-upload locks, shared by every process on the database (decision 0032). */
  uploadLocker: Locker;
  /** Tells caches that public catalog data changed (publish, edit, moderation), in every process. */
  catalogChanged(): void;
  /**
   * A number that moves whenever public catalog data changes, here or (as the page cache hears of it) in
   * another process: for data kept in memory beside the page cache (the landing rows, decision 0046).
   */
  catalogVersion(): number;
}
