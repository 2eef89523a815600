// npm run restore -- BACKUP [--force]: brings a backup of `npm run backup` back into this machine's DATA_DIR
// (and, for a PostgreSQL backup, into the empty database of DATABASE_URL), decision 0044. Every file is
// checked against the manifest before anything is written; DATA_DIR (and the database) must be empty
// unless --force, which deletes what they hold first. Stop Darasa before restoring; start it after.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, loadConfig } from '#server/config/config.ts';
import { migrations } from '#server/db/migrations/index.ts';
import {
  argPath,
  BackupError,
  copyHashed,
  type Manifest,
  PG_DUMP_FILE,
  pgConnection,
  runPgTool,
  verifyBackup,
} from './backupArchive.ts';

const USAGE = 'Usage: npm run restore -- BACKUP_FOLDER [--force]';
const STAGING = '.restore-partial';

async function entriesOf(dir: string): Promise<string[]> {
  return fs.promises.readdir(dir).catch((err) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  });
}

async function tablesIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function pgRestore(databaseUrl: string, dump: string, replace: boolean): Promise<void> {
  const { dbname } = pgConnection(databaseUrl);
  const args = [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    ...(replace ? ['--clean', '--if-exists'] : []),
    `--dbname=${dbname}`,
    dump,
  ];
  const code = await runPgTool('pg_restore', args, databaseUrl);
  if (code === 'missing') {
    throw new BackupError(
      'pg_restore was not found: install the PostgreSQL client (Debian: apt-get install postgresql-client).',
    );
  }
  if (code !== 0)
    throw new BackupError(
      `pg_restore failed (exit ${code}); see its message above. Nothing was written into DATA_DIR.`,
    );
}

/** What would make this restore wrong on this machine, checked before anything is written. */
function refusals(manifest: Manifest, databaseUrl: string | undefined): string[] {
  const problems: string[] = [];
  const { dialect, migration } = manifest.database;
  if (dialect === 'sqlite' && databaseUrl) {
    problems.push('This backup holds the embedded SQLite database, but DATABASE_URL is set: unset it to restore.');
  }
  if (dialect === 'postgres' && !databaseUrl) {
    problems.push('This backup holds a PostgreSQL dump: set DATABASE_URL to the (empty) database to restore into.');
  }
  if (migration && !(migration in migrations)) {
    problems.push(
      `This backup was made by a newer Darasa (${manifest.darasaVersion}, migration ${migration}): upgrade this copy first.`,
    );
  }
  return problems;
}

async function main(): Promise<number> {
  let values: { force?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (positionals.length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const source = argPath(positionals[0]!);
  const manifest = await verifyBackup(source);
  const problems = refusals(manifest, config.DATABASE_URL);
  if (problems.length) throw new BackupError(problems.join('\n'));

  const force = Boolean(values.force);
  const present = await entriesOf(config.dataDir);
  if (present.length && !force) {
    throw new BackupError(
      `DATA_DIR (${config.dataDir}) is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}). ` +
        'Restore into an empty one, or add --force to delete what it holds first.',
    );
  }
  if (config.DATABASE_URL && !force && (await tablesIn(config.DATABASE_URL)) > 0) {
    throw new BackupError(
      'The database of DATABASE_URL already has tables. Restore into an empty database, or add --force to replace them.',
    );
  }

  for (const entry of present) await fs.promises.rm(path.join(config.dataDir, entry), { recursive: true, force: true });
  // Copied beside their places, checked again on the way (the backup may sit on a flaky disk), then moved
  // in once the database is back too: a restore that fails leaves DATA_DIR as it found it.
  const staging = path.join(config.dataDir, STAGING);
  await fs.promises.mkdir(staging, { recursive: true });
  try {
    for (const f of manifest.files.filter((f) => f.path.startsWith('data/'))) {
      const copied = await copyHashed(
        path.join(source, f.path),
        path.join(staging, f.path.slice('data/'.length)),
        f.mode & 0o777,
      );
      if (copied.sha256 !== f.sha256)
        throw new BackupError(`${f.path} changed while it was being restored; run again.`);
    }
    if (manifest.database.dialect === 'postgres') {
      await pgRestore(config.DATABASE_URL!, path.join(source, PG_DUMP_FILE), force);
    }
  } catch (err) {
    await fs.promises.rm(staging, { recursive: true, force: true });
    throw err;
  }
  for (const entry of await entriesOf(staging)) {
    await fs.promises.rename(path.join(staging, entry), path.join(config.dataDir, entry));
  }
  await fs.promises.rmdir(staging);

  console.log(`Restored ${source}`);
  console.log(
    `  made ${manifest.createdAt} by Darasa ${manifest.darasaVersion}, migration ${manifest.database.migration ?? '(none)'}; ` +
      `${manifest.files.length} file(s) into ${config.dataDir}` +
      (manifest.database.dialect === 'postgres' ? ', the database through pg_restore' : ''),
  );
  if (manifest.media.in === 's3') {
    console.log(
      `  Media was not in the backup: it stays in the S3 bucket ${manifest.media.bucket}; set the same S3_* settings.`,
    );
  }
  console.log('  Start Darasa as usual (npm start); it applies any newer migrations itself.');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
