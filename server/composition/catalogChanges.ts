import type { Config } from '../config/config.ts';
import { catalogChangeFile } from '../db/catalogChangeFile.ts';
import { startCatalogChangeFeed } from '../db/catalogChangeFeed.ts';
import type { Database } from '../db/connect.ts';
import type { Logger } from '../logging/logger.ts';

export interface CatalogChanges {
  /** Announces a change to every process on the database (this one's cache is cleared by the caller). */
  notify(): void;
  /** For the page cache: did another process change the catalog since the last look? */
  changedElsewhere(): boolean;
  stop(): Promise<void>;
}

/**
 * How a catalog change made in one process reaches the page caches of the others: PostgreSQL's
 * LISTEN/NOTIFY (any machine; `onChange` runs when one arrives), or on SQLite a version file in DATA_DIR
 * looked at by cache lookups at most every 250 ms, and at once when a watch sees it replaced (processes of
 * one machine, web and worker alike; decision 0046).
 */
export async function startCatalogChanges(
  config: Config,
  database: Database,
  log: Logger,
  onChange: () => void,
): Promise<CatalogChanges> {
  if (config.DATABASE_URL) {
    const feed = await startCatalogChangeFeed({ databaseUrl: config.DATABASE_URL, database, onChange, log });
    return { notify: () => feed.notify(), changedElsewhere: () => false, stop: () => feed.stop() };
  }
  const file = catalogChangeFile(config.dataDir);
  return {
    notify: () => file.notify(),
    changedElsewhere: () => file.changedSinceLastLook(),
    stop: async () => file.close(),
  };
}
