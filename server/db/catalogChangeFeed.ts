// Several app processes on one PostgreSQL database each keep their own page cache: a catalog change made
// in one must clear all of them. `notify()` sends NOTIFY on a channel; every process LISTENs on one
// dedicated connection and calls `onChange` for each notification, and also after reconnecting, since
// notifications sent while it was disconnected are lost. (SQLite means one process: no feed.)
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from './connect.ts';
import type { Logger } from '../logging/logger.ts';

const CATALOG_CHANNEL = 'darasa_catalog';
const RETRY_MS = [250, 1000, 5000];

export interface CatalogChangeFeed {
  /** Tells the other processes (and this one) that the public catalog changed. */
  notify(): void;
  stop(): Promise<void>;
}

export async function startCatalogChangeFeed(opts: {
  databaseUrl: string;
  /** Sends the NOTIFY through the app's pool, so it goes out even while the listener reconnects. */
  database: Database;
  onChange: () => void;
  log: Logger;
}): Promise<CatalogChangeFeed> {
  const { databaseUrl, database, onChange, log } = opts;
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: databaseUrl });
    c.on('notification', (n) => {
      if (n.channel === CATALOG_CHANNEL) onChange();
    });
    c.on('error', (err) => {
      log.warn({ err: err.message }, 'catalog change feed: connection lost');
      reconnectLater(c);
    });
    c.on('end', () => reconnectLater(c));
    await c.connect();
    await c.query(`LISTEN ${CATALOG_CHANNEL}`);
    client = c;
    failures = 0;
  };

  const reconnectLater = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = null;
    void c.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    if (stopped || retry) return;
    const delay = RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)];
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        // Changes may have been announced while this process was not listening.
        () => onChange(),
        (err: unknown) => {
          log.warn({ err: err instanceof Error ? err.message : String(err) }, 'catalog change feed: reconnect failed');
          schedule();
        },
      );
    }, delay);
    retry.unref();
  };

  await connect();

  return {
    notify() {
      sql`select pg_notify(${CATALOG_CHANNEL}, '')`.execute(database.db).catch((err: unknown) => {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'catalog change feed: NOTIFY failed');
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
