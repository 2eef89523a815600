// AppServices over a test database, for code that runs outside HTTP (jobs, pipelines).
import type { AppServices } from '../../server/http/appContext.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import type { TestDatabase } from './testDatabase.ts';

export function testServices(database: TestDatabase, env: Record<string, string> = {}): AppServices {
  return {
    config: loadConfig({ DATA_DIR: database.dataDir, NODE_ENV: 'test', ...env }),
    database,
    log: createLogger('silent'),
    catalogChanged: () => {},
  };
}
