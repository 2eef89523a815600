// What `npm run backup` writes and `npm run restore` reads (decision 0044): a folder holding manifest.json,
// the database (data/darasa.sqlite, or database.pgdump on PostgreSQL) and a copy of DATA_DIR under data/.
// The manifest lists every file with its size and SHA-256, so a damaged or half-copied backup is refused.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'darasa-backup/1';
/** The embedded database, inside DATA_DIR and inside a backup's data/ folder. */
export const SQLITE_FILE = 'darasa.sqlite';
export const PG_DUMP_FILE = 'database.pgdump';

export type FileKind = 'database' | 'secret' | 'media' | 'other';

export interface ManifestFile {
  /** Relative to the backup folder, with `/`. */
  path: string;
  kind: FileKind;
  size: number;
  sha256: string;
  /** Permission bits, so a secret comes back readable by its owner only. */
  mode: number;
}

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  darasaVersion: string;
  database: { dialect: 'sqlite' | 'postgres'; migration: string | null };
  /** Where the media is: copied in this backup, or kept by the S3 bucket (its versioning, not us). */
  media: { in: 'backup' } | { in: 's3'; bucket: string; prefix: string };
  files: ManifestFile[];
}

/** A refusal with a message for the operator (no stack trace). */
export class BackupError extends Error {}

/** A path given on the command line: npm runs scripts in the project folder, so relative to where npm was run. */
export const argPath = (p: string): string => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

export function darasaVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'));
  return String(pkg.version);
}

/**
 * The rule for what of DATA_DIR a backup copies: everything, so a secret file added by a future version
 * (or a folder of media) is never forgotten, except what is rebuilt or only in flight — the SQLite files
 * (copied through SQLite's online backup instead), `work/` (scratch copies of S3 media), names starting
 * with a dot (this code base's marker for files and folders being written, e.g. `.work-<asset>`,
 * `.outbox-…`) and `*.tmp`. With S3, `media/` and `uploads/` are the bucket's, except `uploads/held/`
 * (originals kept on disk while the bucket was away).
 */
export function isBackedUp(rel: string, opts: { s3: boolean }): boolean {
  const parts = rel.split('/');
  const top = parts[0]!;
  if (parts.some((p) => p.startsWith('.')) || rel.endsWith('.tmp')) return false;
  if (parts.length === 1 && (top === SQLITE_FILE || top.startsWith(`${SQLITE_FILE}-`))) return false;
  if (top === 'work') return false;
  if (opts.s3 && top === 'media') return false;
  if (opts.s3 && top === 'uploads' && parts[1] !== 'held') return false;
  return true;
}

export function kindOf(rel: string): FileKind {
  const parts = rel.split('/');
  if (parts.length === 1 && /secret|key/i.test(parts[0]!)) return 'secret';
  if (parts[0] === 'media' || parts[0] === 'uploads') return 'media';
  return 'other';
}

/** Files under `root` (relative, with `/`) that the rule keeps, in a stable order. */
export async function listBackedUp(root: string, opts: { s3: boolean }): Promise<string[]> {
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true }).catch((err) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((rel) => isBackedUp(rel, opts))
    .sort();
}

/**
 * Copies `from` to `to` (created with `mode`, flushed to disk) and returns what was written. The hash is
 * of the bytes copied, not of a second read, so a file that changes meanwhile still matches its entry.
 */
export async function copyHashed(from: string, to: string, mode: number): Promise<{ size: number; sha256: string }> {
  // Opened before the copy is created: a source that is gone leaves nothing behind.
  const source = await fs.promises.open(from, 'r');
  const hash = createHash('sha256');
  let size = 0;
  try {
    await fs.promises.mkdir(path.dirname(to), { recursive: true });
    const out = await fs.promises.open(to, 'wx', mode);
    try {
      for await (const chunk of source.createReadStream({ autoClose: false }) as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        await out.write(chunk);
      }
      await out.sync();
    } finally {
      await out.close();
    }
  } finally {
    await source.close();
  }
  // `mode` at open is masked by the umask; a secret must come back exactly as private as it was.
  await fs.promises.chmod(to, mode);
  return { size, sha256: hash.digest('hex') };
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Opens a backup folder and checks every file against the manifest before anything is restored. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.promises.readFile(path.join(dir, MANIFEST), 'utf8'));
  } catch (err) {
    const why =
      (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'has no manifest.json' : 'has an unreadable manifest';
    throw new BackupError(`${dir} ${why}: it is not a finished Darasa backup.`);
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.files)) {
    throw new BackupError(`${dir}: not a Darasa backup this version can read (format ${String(manifest.format)}).`);
  }
  const problems: string[] = [];
  for (const f of manifest.files) {
    // Plain relative names only: a manifest naming `data/../../x` would have restore write outside DATA_DIR.
    const parts = typeof f.path === 'string' ? f.path.split('/') : [];
    if (!parts.length || parts.some((p) => p === '' || p === '.' || p === '..' || p.includes('\\'))) {
      problems.push(`${String(f.path)}: not a plain relative path`);
      continue;
    }
    const file = path.join(dir, ...parts);
    const got = await hashFile(file).catch(() => null);
    if (!got) problems.push(`${f.path}: missing`);
    else if (got.size !== f.size) problems.push(`${f.path}: ${got.size} bytes, the manifest says ${f.size}`);
    else if (got.sha256 !== f.sha256) problems.push(`${f.path}: its SHA-256 differs from the manifest's`);
  }
  const database = manifest.database.dialect === 'postgres' ? PG_DUMP_FILE : `data/${SQLITE_FILE}`;
  if (!manifest.files.some((f) => f.path === database)) problems.push(`${database}: not in the manifest`);
  if (problems.length) {
    throw new BackupError(`${dir} is damaged; nothing was restored:\n  ${problems.join('\n  ')}`);
  }
  return manifest;
}

/**
 * pg_dump and pg_restore take the connection from DATABASE_URL, with the password in PGPASSWORD rather
 * than on the command line, where any user of the machine could read it in the process list.
 */
export function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs pg_dump or pg_restore on DATABASE_URL's database: its exit code, or 'missing' when not installed. */
export function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  databaseUrl: string,
): Promise<number | 'missing'> {
  return new Promise((resolve) => {
    const child = spawn(tool, args, { env: pgConnection(databaseUrl).env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', (err) => resolve((err as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 1));
    child.once('exit', (c) => resolve(c ?? 1));
  });
}
