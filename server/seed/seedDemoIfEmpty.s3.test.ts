// The demo seed with object storage: the files it makes on disk end up in the bucket, not under DATA_DIR.
import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { startTestS3, type TestS3 } from '#tests/support/s3Server.ts';
import { testServices } from '#tests/support/testServices.ts';
import { mediaDir } from '../modules/media/mediaDir.ts';
import { DEMO_COURSES } from './demoCatalog.ts';
import { seedDemoIfEmpty } from './seedDemoIfEmpty.ts';

let t: TestDatabase;
let s3: TestS3;
beforeAll(async () => {
  t = await createTestDatabase();
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
  await t?.close();
});

it('puts every demo asset in the bucket, playlists and images included', { timeout: 300_000 }, async () => {
  expect(await seedDemoIfEmpty(testServices(t, s3.env), DEMO_COURSES.slice(0, 1))).toBe(true);
  const assets = await t.db.selectFrom('mediaAsset').select(['id', 'kind']).execute();
  expect(assets.length).toBeGreaterThan(1);
  for (const a of assets) {
    const keys = await s3.keys(`media/${a.id}/`);
    expect(keys).toContain(`media/${a.id}/w640.webp`);
    if (a.kind === 'video') expect(keys).toContain(`media/${a.id}/master.m3u8`);
  }
  const local = fs.existsSync(mediaDir(t.dataDir)) ? fs.readdirSync(mediaDir(t.dataDir)) : [];
  expect(local).toEqual([]);
});
