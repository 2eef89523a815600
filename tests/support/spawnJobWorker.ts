// A job worker in a process of its own (runJobWorker.ts), for tests that kill it mid-job: it leads its own
// process group, so killing the group (`process.kill(-child.pid, 'SIGKILL')`) kills its ffmpeg too, and
// its lease is short so a successor takes over quickly.
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestDatabase } from './testDatabase.ts';

export function spawnJobWorker(database: TestDatabase, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'tests/support/runJobWorker.ts'], {
    env: {
      ...process.env,
      DATA_DIR: database.dataDir,
      JOB_LEASE_MS: '1500',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    detached: true,
    stdio: 'ignore',
  });
}
