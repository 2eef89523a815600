// A fresh, migrated database for one test file: a temporary SQLite file, or a new PostgreSQL database
// when TEST_DATABASE_URL is set (CI and `npm run test:pg`). Dropped again in `close()`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type Database } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

export interface TestDatabase extends Database {
  dataDir: string;
  url?: string;
}

export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** `migrate: false` leaves it empty (for tests of a migration on a database with data in it). */
export async function createTestDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-test-'));
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = connectDatabase({ dataDir });
    if (migrate) await migrateToLatest(database);
    return {
      ...database,
      dataDir,
      close: async () => {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `darasa_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = connectDatabase({ databaseUrl: url.toString(), dataDir });
  if (migrate) await migrateToLatest(database);
  return {
    ...database,
    dataDir,
    url: url.toString(),
    close: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`drop database if exists "${name}" with (force)`);
      await a.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
