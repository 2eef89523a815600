// The real server for integration tests: port 0, the test database's data dir and database, no demo data,
// silent logs and no job worker unless `env` says otherwise.
import { startServer, type Running } from '#server/composition/startServer.ts';
import type { TestDatabase } from './testDatabase.ts';

/** The environment such a server starts with (also for servers started in a child process). */
export function testServerEnv(t: TestDatabase, env: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: t.dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    JOB_CONCURRENCY: '0',
    MPESA_C2B_REGISTER: 'false',
    ...(t.url ? { DATABASE_URL: t.url } : {}),
    ...env,
  };
}

export function startTestServer(t: TestDatabase, env: Record<string, string> = {}): Promise<Running> {
  return startServer({ env: testServerEnv(t, env) });
}
