// A real server on port 0 over a fresh test database (or the one given), stopped by the test's cleanups.
import type { Running } from '#server/composition/startServer.ts';
import { startTestServer, type PagesBuild } from './startTestServer.ts';
import { createTestDatabase, type TestDatabase } from './testDatabase.ts';

export interface App {
  running: Running;
  t: TestDatabase;
  url: string;
}

export async function startApp(
  cleanups: (() => Promise<void>)[],
  env: Record<string, string> = {},
  t?: TestDatabase,
  pages?: PagesBuild,
): Promise<App> {
  const db = t ?? (await createTestDatabase());
  if (!t) cleanups.push(() => db.close());
  const running = await startTestServer(db, env, pages);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await running.stop();
  };
  cleanups.push(stop);
  return { running: { ...running, stop }, t: db, url: running.url };
}
