import type { Config } from '../config/config.ts';
import type { Database } from '../db/connect.ts';
import type { Logger } from '../logging/logger.ts';
import { advisoryLockTable } from './advisoryLockTable.ts';
import { leaseLockTable } from './leaseLockTable.ts';
import { createSharedLocker, type SharedLocker } from './sharedLocker.ts';

/** tus upload locks every web process on this database sees (decision 0032). */
export function createUploadLocker(
  config: Config,
  database: Database,
  log: Logger,
  opts: { acquireTimeoutMs?: number } = {},
): SharedLocker {
  const table =
    database.dialect === 'postgres' && config.DATABASE_URL
      ? advisoryLockTable(config.DATABASE_URL, log)
      : leaseLockTable(database.db, log);
  return createSharedLocker(table, opts);
}
