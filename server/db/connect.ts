import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { nodeSqliteDialect, openSqlite } from './sqliteDialect.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  close(): Promise<void>;
  ping(): Promise<void>;
}

// pg returns int8 (count(*), sums) as strings; our counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function connectDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return wrap(db, 'postgres');
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const raw = openSqlite(path.join(opts.dataDir, 'darasa.sqlite'));
  const db = new Kysely<DB>({ dialect: nodeSqliteDialect(raw) });
  return wrap(db, 'sqlite');
}

function wrap(db: Kysely<DB>, dialect: DialectName): Database {
  return {
    db,
    dialect,
    close: () => db.destroy(),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
  };
}
