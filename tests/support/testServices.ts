// Services over a test database, for code that runs outside HTTP (jobs, pipelines).
import type { Clock, Services } from '#server/core/services.ts';
import { loadConfig } from '#server/config/config.ts';
import { createLogger } from '#server/logging/logger.ts';
import { createServices } from '#server/composition/createServices.ts';
import type { TestDatabase } from './testDatabase.ts';

export function testServices(database: TestDatabase, env: Record<string, string> = {}, clock?: Clock): Services {
  return createServices({
    clock,
    config: loadConfig({ DATA_DIR: database.dataDir, NODE_ENV: 'test', ...env }),
    database,
    log: createLogger('silent'),
  });
}
