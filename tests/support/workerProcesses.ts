// For tests that kill job workers mid-job: worker processes on the file's test database (runJobWorker.ts),
// each leading its own process group, so killing the group (`process.kill(-child.pid, 'SIGKILL')`) kills
// its ffmpeg too, with a short lease so a successor takes over quickly; and, per case, the media on local
// disk or in a test S3 bucket. Whatever was started is stopped after the file's tests (call it after the
// hooks that make the database: hooks after the tests run last-registered first).
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll } from 'vitest';
import { eventually } from './eventually.ts';
import { startTestS3 } from './s3Server.ts';
import type { TestDatabase } from './testDatabase.ts';

/** Where the media live, for `it.each`: local disk, then an S3 bucket. */
export const MEDIA_PLACES = [
  ['on local disk', false],
  ['in an S3 bucket', true],
] as const;

/** Waits for what a worker process writes: a transcode on a loaded machine takes minutes. */
export const untilWorkers = <T>(check: () => Promise<T | undefined | null | false>) =>
  eventually(check, { timeout: 240_000, interval: 100 });

export function useWorkerProcesses(database: () => TestDatabase) {
  const children: ChildProcess[] = [];
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
    for (const stop of stops) await stop();
  });
  return {
    /** A worker process with these settings on top of the database's. */
    spawn(env: Record<string, string> = {}): ChildProcess {
      const db = database();
      const child = spawn(
        process.execPath,
        ['--disable-warning=ExperimentalWarning', 'tests/support/runJobWorker.ts'],
        {
          env: {
            ...process.env,
            DATA_DIR: db.dataDir,
            JOB_LEASE_MS: '1500',
            ...(db.url ? { DATABASE_URL: db.url } : {}),
            ...env,
          },
          detached: true,
          stdio: 'ignore',
        },
      );
      children.push(child);
      return child;
    },
    /** The settings of a case's media: none on local disk, a fresh test bucket's with S3. */
    async mediaEnv(useS3: boolean): Promise<Record<string, string>> {
      if (!useS3) return {};
      const s3 = await startTestS3();
      stops.push(() => s3.stop());
      return s3.env;
    },
  };
}
