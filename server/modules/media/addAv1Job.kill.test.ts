// The AV1 backfill (decision 0070) survives its worker process being killed mid-encode: players keep the
// old master, valid, the whole time, and the next worker makes the video's AV1 family from the start.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { makeLegacyVideo } from '#tests/support/makeLegacyVideo.ts';
import { masterPlaylistProblems } from '#tests/support/masterPlaylistProblems.ts';
import { MEDIA_PLACES, untilWorkers, useWorkerProcesses } from '#tests/support/workerProcesses.ts';
import { make } from '#tests/support/factories/index.ts';
import { addAv1Job } from './addAv1Job.ts';
import { mediaKey } from './mediaKeys.ts';
import { queueAv1Backfill } from './queueAv1Backfill.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const workers = useWorkerProcesses(() => database);

// With S3, the original is fetched from the bucket and each folder, the receipt and the master put in it.
it.each(MEDIA_PLACES)(
  'makes the AV1 family again after its worker is killed mid-encode, the master valid all along, media %s',
  {
    timeout: 300_000,
  },
  async (_where, useS3) => {
    const env = await workers.mediaEnv(useS3);
    const services = testServices(database, env);
    const { storage } = services;
    const owner = await make.user(database.db, { role: 'creator' });
    const assetId = await makeLegacyVideo(services, owner.id, { width: 1280, height: 720, seconds: 12 });
    const before = await storage.readText(mediaKey(assetId, 'master.m3u8'));
    expect(await queueAv1Backfill(services)).toBe(assetId);
    const job = async () =>
      database.db
        .selectFrom('job')
        .selectAll()
        .where('type', '=', addAv1Job.type)
        .where('payload', '=', JSON.stringify({ assetId }))
        .executeTakeFirstOrThrow();

    const first = workers.spawn(env);
    const running = await untilWorkers(async () => {
      const j = await job();
      return j.status === 'running' && j.progress > 0 ? j : null;
    });
    // During the encode players get the old master, whole.
    expect(await storage.readText(mediaKey(assetId, 'master.m3u8'))).toBe(before);
    expect(await masterPlaylistProblems(storage, assetId)).toEqual([]);
    process.kill(-first.pid!, 'SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect((await job()).status).toBe('running');
    expect(await storage.readText(mediaKey(assetId, 'master.m3u8'))).toBe(before);
    expect(await masterPlaylistProblems(storage, assetId)).toEqual([]);
    // The periodic task queues nothing more while the killed run's job waits for its lease to end.
    expect(await queueAv1Backfill(services)).toBeNull();

    const second = workers.spawn(env);
    const done = await untilWorkers(async () => {
      const j = await job();
      return j.status === 'done' || j.status === 'failed' ? j : null;
    });
    process.kill(-second.pid!, 'SIGKILL');
    expect(running.lockedBy).not.toBeNull();
    expect(done).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    const master = (await storage.readText(mediaKey(assetId, 'master.m3u8')))!;
    expect(master).toContain('240p-av1/index.m3u8');
    expect(master).toContain('360p-av1/index.m3u8');
    expect(await masterPlaylistProblems(storage, assetId)).toEqual([]);
    const meta = JSON.parse(
      (await database.db.selectFrom('mediaAsset').select('meta').where('id', '=', assetId).executeTakeFirstOrThrow())
        .meta,
    );
    expect(meta.av1.renditions.map((r: { name: string }) => r.name)).toEqual(['240p-av1', '360p-av1']);
    // The killed run's scratch folder is gone with the finished one.
    const local = path.join(database.dataDir, 'media', assetId);
    if (!useS3) expect(fs.readdirSync(local).filter((f) => f.startsWith('.'))).toEqual([]);
    const work = path.join(database.dataDir, 'work');
    expect(fs.existsSync(work) ? fs.readdirSync(work) : []).toEqual([]);
  },
);
