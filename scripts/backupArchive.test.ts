// The rule for what of DATA_DIR a backup keeps: everything that is not rebuilt or in flight, so a secret
// file a later version generates is kept without anyone adding it to a list; media only when it is not
// the S3 bucket's.
import { describe, expect, it } from 'vitest';
import { isBackedUp, kindOf } from './backupArchive.ts';

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
