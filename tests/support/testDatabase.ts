// A fresh, migrated database for one test: a temporary SQLite file, or a new PostgreSQL database when
// TEST_DATABASE_URL is set (CI and `npm run test:pg`). Dropped again in `close()`.
//
// Migrating takes about a second on PostgreSQL and most tests want a database of their own, so each is a
// copy of a template migrated once (`create database … template`, or a file copy on SQLite). The
// template's name carries a hash of the migration sources: changing a migration makes a new one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { connectDatabase, type Database } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

export interface TestDatabase extends Database {
  dataDir: string;
  url?: string;
}

export const testDialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

const SQLITE_FILE = 'darasa.sqlite';

/** `migrate: false` leaves it empty (for tests of a migration on a database with data in it). */
export async function createTestDatabase({ migrate = true } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-test-'));
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    if (migrate) fs.copyFileSync(await sqliteTemplate(), path.join(dataDir, SQLITE_FILE));
    const database = connectDatabase({ dataDir });
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
  await onServer(base, async (admin) => {
    const template = migrate ? await postgresTemplate(base, admin) : null;
    await admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    // A test database never outlives a machine crash, so its commits need not wait for the disk (about
    // 2 ms each here). A killed process still loses nothing: the server keeps what it was told.
    await admin.query(`alter database "${name}" set synchronous_commit = off`);
  });
  const url = withDatabase(base, name);
  const database = connectDatabase({ databaseUrl: url, dataDir });
  return {
    ...database,
    dataDir,
    url,
    close: async () => {
      await database.close();
      await onServer(base, async (admin) => {
        // The pool has told its connections to end, but their sessions may still be closing: dropped "with
        // (force)" now, they would be terminated and their clients would hear 57P01 with nobody listening
        // (an uncaught error in a passing run). Wait for them to go, a moment at most.
        for (let i = 0; i < 100; i++) {
          const { rows } = await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`drop database if exists "${name}" with (force)`);
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let sourcesHash: string | undefined;
/** What the migrations say, so a template is never used for a schema it was not migrated to. */
function migrationsHash(): string {
  if (sourcesHash) return sourcesHash;
  const dbDir = fileURLToPath(new URL('../../server/db/', import.meta.url));
  const files = [path.join(dbDir, 'migrate.ts')];
  for (const f of fs.readdirSync(path.join(dbDir, 'migrations')).sort()) {
    if (f.endsWith('.ts') && !f.endsWith('.test.ts')) files.push(path.join(dbDir, 'migrations', f));
  }
  const hash = crypto.createHash('sha256');
  for (const f of files) hash.update(f).update(fs.readFileSync(f));
  sourcesHash = hash.digest('hex').slice(0, 12);
  return sourcesHash;
}

let sqliteTemplatePath: Promise<string> | undefined;
/** A migrated SQLite file in the temp directory, made once by whichever test process needs it first. */
function sqliteTemplate(): Promise<string> {
  sqliteTemplatePath ??= (async () => {
    const file = path.join(os.tmpdir(), `darasa-template-${migrationsHash()}.sqlite`);
    if (fs.existsSync(file)) return file;
    // Built aside and renamed into place: another process never copies a half-migrated file.
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-template-build-'));
    const database = connectDatabase({ dataDir: buildDir });
    await migrateToLatest(database);
    await database.close();
    fs.renameSync(path.join(buildDir, SQLITE_FILE), file);
    fs.rmSync(buildDir, { recursive: true, force: true });
    return file;
  })();
  return sqliteTemplatePath;
}

/** The migrated template database's name, made under an advisory lock by the first process to need it. */
async function postgresTemplate(base: string, admin: pg.Client): Promise<string> {
  const template = `darasa_template_${migrationsHash()}`;
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
  if (await exists()) return template;
  const lock = Number.parseInt(migrationsHash().slice(0, 8), 16);
  await admin.query('select pg_advisory_lock($1)', [lock]);
  try {
    if (await exists()) return template;
    // Migrated under another name and renamed: a process stopped mid-way leaves no half-made template.
    const building = `${template}_${process.pid}`;
    await admin.query(`drop database if exists "${building}"`);
    await admin.query(`create database "${building}"`);
    const database = connectDatabase({ databaseUrl: withDatabase(base, building), dataDir: os.tmpdir() });
    await migrateToLatest(database);
    await database.close();
    await admin.query(`alter database "${building}" rename to "${template}"`);
    return template;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [lock]);
  }
}

async function onServer<T>(base: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
