// The database benchmarks measure on a throw-away migrated SQLite database, then on a throw-away PostgreSQL
// database created at BENCH_DATABASE_URL (default: the local server's `postgres` database) unless
// BENCH_SKIP_PG=1, and drop both again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type Database } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import type { Figure } from './types.ts';

type Measure = (database: Database) => Promise<Figure[]>;

interface Names {
  /** Prefix of the SQLite data directory under the system temp dir. */
  dir: string;
  /** Prefix of the PostgreSQL database name (the process id is added). */
  database: string;
}

async function measureOn(database: Database, measure: Measure) {
  try {
    await migrateToLatest(database);
    return await measure(database);
  } finally {
    await database.close();
  }
}

async function onSqlite(names: Names, measure: Measure) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), names.dir));
  try {
    return await measureOn(connectDatabase({ dataDir }), measure);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(names: Names, measure: Measure) {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${names.database}${process.pid}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    // The pool the app uses, so queries a page runs in parallel run as they do in production.
    return await measureOn(connectDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() }), measure);
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}

export async function onEachDatabase(names: Names, measure: Measure): Promise<Figure[]> {
  const figures = await onSqlite(names, measure);
  if (process.env.BENCH_SKIP_PG !== '1') figures.push(...(await onPostgres(names, measure)));
  return figures;
}
