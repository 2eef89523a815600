// Services over a test database, for code that runs outside HTTP (jobs, pipelines).
import type { Clock, Services } from '#server/core/services.ts';
import { loadConfig } from '#server/config/config.ts';
import { createLogger } from '#server/logging/logger.ts';
import { createServices } from '#server/composition/createServices.ts';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testDatabase.ts';

export function testServices(database: TestDatabase, env: Record<string, string> = {}, clock?: Clock): Services {
  return createServices({
    clock,
    config: loadConfig({ DATA_DIR: database.dataDir, NODE_ENV: 'test', ...env }),
    database,
    log: createLogger('silent'),
  });
}

/**
 * A throw-away database with services over it for the tests of one file: made before they run, dropped
 * after. Read `t` and `services` inside tests and hooks (they exist once the file's tests start).
 */
export function useTestServices(env: Record<string, string> = {}): {
  readonly t: TestDatabase;
  readonly services: Services;
} {
  let t: TestDatabase | undefined;
  let services: Services | undefined;
  beforeAll(async () => {
    t = await createTestDatabase();
    services = testServices(t, env);
  });
  afterAll(async () => {
    await t?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (!value) throw new Error('useTestServices: read its database and services inside a test or hook');
    return value;
  };
  return {
    get t() {
      return made(t);
    },
    get services() {
      return made(services);
    },
  };
}
