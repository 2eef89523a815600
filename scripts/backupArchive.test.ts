// The rule for what of DATA_DIR a backup keeps: everything that is not rebuilt or in flight, so a secret
// file a later version generates is kept without anyone adding it to a list; media only when it is not
// the S3 bucket's.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMAT, isBackedUp, kindOf, verifyBackup } from './backupArchive.ts';

const local = { s3: false };
const s3 = { s3: true };

describe('what a backup copies from DATA_DIR', () => {
  it('keeps any generated secret, media, held originals and the outbox', () => {
    for (const rel of [
      'auth-secret',
      'media-token.secret',
      'a-secret-added-next-year.key',
      'media/a1/720p/segment0.ts',
      'uploads/a2/original.mp4',
      'uploads/held/a3.mp4',
      'outbox/1.eml',
    ]) {
      expect(isBackedUp(rel, local), rel).toBe(true);
    }
    expect(['auth-secret', 'media-token.secret', 'mpesa-callback.secret'].map(kindOf)).toEqual([
      'secret',
      'secret',
      'secret',
    ]);
  });

  it('leaves out the live database files (copied by SQLite itself), scratch and files being written', () => {
    for (const rel of [
      'darasa.sqlite',
      'darasa.sqlite-wal',
      'darasa.sqlite-shm',
      'work/a1/original.mp4',
      'media/.work-a1/720p/segment0.ts',
      '.outbox-1.eml',
      'catalog-version.123.tmp',
      '.restore-partial/auth-secret',
    ]) {
      expect(isBackedUp(rel, local), rel).toBe(false);
    }
  });

  it('with S3, leaves media to the bucket but keeps originals held on disk while the bucket was away', () => {
    expect(isBackedUp('media/a1/720p/segment0.ts', s3)).toBe(false);
    expect(isBackedUp('uploads/a2/original.mp4', s3)).toBe(false);
    expect(isBackedUp('uploads/held/a3.mp4', s3)).toBe(true);
    expect(isBackedUp('auth-secret', s3)).toBe(true);
  });
});

describe('a backup folder that was tampered with', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-backup-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const entry = (rel: string, bytes: string) => ({
    path: rel,
    kind: 'other',
    mode: 0o600,
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });

  it('is refused when its manifest names a path outside data/ that restore would write beside DATA_DIR', async () => {
    const backup = path.join(dir, 'b');
    fs.mkdirSync(path.join(backup, 'data'), { recursive: true });
    fs.writeFileSync(path.join(backup, 'data/darasa.sqlite'), 'db');
    fs.writeFileSync(path.join(dir, 'escape'), 'evil');
    const manifest = {
      format: FORMAT,
      database: { dialect: 'sqlite', migration: null },
      files: [entry('data/darasa.sqlite', 'db'), entry('data/../../escape', 'evil'), entry('/etc/passwd', '')],
    };
    fs.writeFileSync(path.join(backup, 'manifest.json'), JSON.stringify(manifest));
    const refusal = await verifyBackup(backup).catch((err: Error) => err.message);
    expect(refusal).toContain('data/../../escape: not a plain relative path');
    expect(refusal).toContain('/etc/passwd: not a plain relative path');
    manifest.files = [manifest.files[0]!];
    fs.writeFileSync(path.join(backup, 'manifest.json'), JSON.stringify(manifest));
    await expect(verifyBackup(backup)).resolves.toMatchObject({ format: FORMAT });
  });
});
