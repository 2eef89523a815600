// npm run backup -- [FOLDER]: a consistent copy of this install while it serves (decision 0044), in
// FOLDER/darasa-backup-<time>/ (default FOLDER: ./backups). Same configuration as the server (DATA_DIR,
// DATABASE_URL, S3_BUCKET). On SQLite the database is copied with SQLite's online backup; on PostgreSQL
// pg_dump makes the copy. Then every file of DATA_DIR the rule of backupArchive.ts keeps (generated
// secrets, media unless it is in S3, e-mail outbox…), each with its size and SHA-256 in manifest.json.
// The folder is written under a dot name and renamed when complete: a backup without its final name or
// without a manifest is never a good one.
import fs from 'node:fs';
import path from 'node:path';
import { backup as sqliteBackup, DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ConfigError, loadConfig } from '#server/config/config.ts';
import {
  argPath,
  BackupError,
  copyHashed,
  darasaVersion,
  FORMAT,
  hashFile,
  kindOf,
  listBackedUp,
  MANIFEST,
  type Manifest,
  type ManifestFile,
  PG_DUMP_FILE,
  pgConnection,
  runPgTool,
  SQLITE_FILE,
} from './backupArchive.ts';

const USAGE = 'Usage: npm run backup -- [FOLDER]   (default FOLDER: ./backups)';
const LATEST_MIGRATION = 'select name from kysely_migration order by name desc limit 1';

/**
 * SQLite's online backup, all pages in one step: one read transaction, so the copy is the database as of
 * one commit, and in WAL mode the server's writers go on meanwhile (copying in small steps would restart
 * after every write of the server and might never finish under load).
 */
async function copySqlite(from: string, to: string): Promise<string | null> {
  if (!fs.existsSync(from)) throw new BackupError(`No database at ${from}: is DATA_DIR right?`);
  const source = new DatabaseSync(from, { timeout: 5000 });
  try {
    await sqliteBackup(source, to, { rate: 2 ** 31 - 1 });
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(to);
  try {
    // A copy that is a single file (no -wal beside it), checked before it is called a backup.
    copy.exec('PRAGMA journal_mode = DELETE');
    const check = copy.prepare('PRAGMA quick_check').get() as { quick_check: string };
    if (check.quick_check !== 'ok') throw new BackupError(`The copied database fails its check: ${check.quick_check}`);
    const row = copy.prepare(LATEST_MIGRATION).get() as { name: string } | undefined;
    return row?.name ?? null;
  } finally {
    copy.close();
  }
}

/** pg_dump's custom format (one consistent snapshot, restored with pg_restore), or what to run instead. */
async function dumpPostgres(databaseUrl: string, to: string): Promise<string | null> {
  const { dbname } = pgConnection(databaseUrl);
  const args = ['--format=custom', '--no-owner', '--no-privileges', `--file=${to}`, `--dbname=${dbname}`];
  const code = await runPgTool('pg_dump', args, databaseUrl);
  if (code === 'missing') {
    throw new BackupError(
      "pg_dump was not found. Install the PostgreSQL client of the server's major version (Debian: apt-get install postgresql-client), or dump by hand with the same options:\n" +
        `  PGPASSWORD=… pg_dump --format=custom --no-owner --no-privileges --file=darasa.pgdump --dbname='${dbname}'\n` +
        'and keep DATA_DIR (secrets, and media unless it is in S3) with it (docs/deployment.md, "Backups").',
    );
  }
  if (code !== 0) throw new BackupError(`pg_dump failed (exit ${code}); see its message above.`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(LATEST_MIGRATION);
    return rows[0]?.name ?? null;
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const out = positionals[0] ? argPath(positionals[0]) : path.resolve('backups');
  if (`${out}${path.sep}`.startsWith(`${config.dataDir}${path.sep}`)) {
    throw new BackupError(`${out} is inside DATA_DIR (${config.dataDir}): a backup must live on another disk.`);
  }
  const createdAt = new Date();
  const name = `darasa-backup-${createdAt.toISOString().replace(/[:.]/g, '-')}`;
  const partial = path.join(out, `.${name}.partial`);
  const final = path.join(out, name);
  await fs.promises.mkdir(path.join(partial, 'data'), { recursive: true });
  try {
    const dialect = config.DATABASE_URL ? 'postgres' : 'sqlite';
    const databaseFile = dialect === 'postgres' ? PG_DUMP_FILE : `data/${SQLITE_FILE}`;
    // The database first, the files after: media a row of the copy names was published before that row
    // was written, so it is on disk by the time the files are listed.
    const migration =
      dialect === 'postgres'
        ? await dumpPostgres(config.DATABASE_URL!, path.join(partial, databaseFile))
        : await copySqlite(path.join(config.dataDir, SQLITE_FILE), path.join(partial, databaseFile));
    const files: ManifestFile[] = [
      { path: databaseFile, kind: 'database', mode: 0o600, ...(await hashFile(path.join(partial, databaseFile))) },
    ];
    await fs.promises.chmod(path.join(partial, databaseFile), 0o600);
    let vanished = 0;
    for (const rel of await listBackedUp(config.dataDir, { s3: Boolean(config.s3) })) {
      const from = path.join(config.dataDir, rel);
      try {
        const mode = (await fs.promises.stat(from)).mode & 0o777;
        const copied = await copyHashed(from, path.join(partial, 'data', rel), mode);
        files.push({ path: `data/${rel}`, kind: kindOf(rel), mode, ...copied });
      } catch (err) {
        // Removed by the server between the listing and the copy (a finished upload's parts, an old
        // rendition): it is not part of the state the database copy describes either.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        vanished++;
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: createdAt.toISOString(),
      darasaVersion: darasaVersion(),
      database: { dialect, migration },
      media: config.s3 ? { in: 's3', bucket: config.s3.bucket, prefix: config.s3.prefix } : { in: 'backup' },
      files,
    };
    const manifestFile = await fs.promises.open(path.join(partial, MANIFEST), 'wx', 0o600);
    await manifestFile.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
    await manifestFile.sync();
    await manifestFile.close();
    await fs.promises.rename(partial, final);
    const dir = await fs.promises.open(out, 'r');
    await dir.sync();
    await dir.close();

    const bytes = files.reduce((sum, f) => sum + f.size, 0);
    const count = (kind: string) => files.filter((f) => f.kind === kind).length;
    console.log(`Backup written: ${final}`);
    console.log(
      `  ${dialect === 'postgres' ? 'PostgreSQL (pg_dump)' : 'SQLite'} at migration ${migration ?? '(none)'}, ` +
        `${count('secret')} secret file(s), ${count('media')} media file(s), ${count('other')} other, ` +
        `${(bytes / 1024 / 1024).toFixed(1)} MiB in all`,
    );
    if (config.s3) {
      console.log(
        `  Media is in the S3 bucket ${config.s3.bucket} and is not in this backup: keep it with the bucket's versioning or replication.`,
      );
    }
    if (vanished) console.log(`  ${vanished} file(s) removed by Darasa during the backup were left out.`);
    console.log('  Copy it to another machine or place (docs/deployment.md, "Backups").');
    return 0;
  } catch (err) {
    await fs.promises.rm(partial, { recursive: true, force: true });
    throw err;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof BackupError || err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
