import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeClip } from '#tests/support/makeClip.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { newId } from '#server/lib/ids.ts';
import { enqueueVideoProcessingInTx } from './enqueueVideoProcessingInTx.ts';
import { mediaKey } from './mediaKeys.ts';
import { MEDIA_PLACES, untilWorkers, useWorkerProcesses } from '#tests/support/workerProcesses.ts';
import { make } from '#tests/support/factories/index.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const workers = useWorkerProcesses(() => database);

// With S3, the original is fetched from the bucket and the ladder uploaded to it, master playlist last.
it.each(MEDIA_PLACES)(
  'runs a transcode again after its worker process is killed mid-way, media %s',
  { timeout: 300_000 },
  async (_where, useS3) => {
    const env = await workers.mediaEnv(useS3);
    const { storage } = testServices(database, env);
    const creator = await make.user(database.db);
    const assetId = newId();
    const clip = await makeClip(path.join(database.dataDir, `${assetId}.mp4`), {
      width: 1280,
      height: 720,
      seconds: 12,
    });
    const originalKey = `uploads/${assetId}.mp4`;
    await storage.moveIn(originalKey, clip);
    const at = new Date();
    await database.db
      .insertInto('mediaAsset')
      .values({
        id: assetId,
        ownerId: creator.id,
        kind: 'video',
        status: 'uploaded',
        meta: '{}',
        error: null,
        createdAt: at,
        updatedAt: at,
      })
      .execute();
    const jobId = await database.db
      .transaction()
      .execute((trx) =>
        enqueueVideoProcessingInTx(trx, { jobs: testServices(database, env).jobs, assetId, originalKey }),
      );
    const job = () => database.db.selectFrom('job').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

    const first = workers.spawn(env);
    const running = await untilWorkers(async () => {
      const j = await job();
      return j.status === 'running' && j.progress > 0 ? j : null;
    });
    process.kill(-first.pid!, 'SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect((await job()).status).toBe('running');
    // Nothing a player could open: no master playlist, no rendition playlist.
    expect(await storage.stat(mediaKey(assetId, 'master.m3u8'))).toBeNull();
    expect(await storage.stat(mediaKey(assetId, '720p', 'index.m3u8'))).toBeNull();

    const second = workers.spawn(env);
    const done = await untilWorkers(async () => {
      const j = await job();
      return j.status === 'done' || j.status === 'failed' ? j : null;
    });
    // Its storage is this case's: it must not pick up the next case's job.
    process.kill(-second.pid!, 'SIGKILL');
    expect(done.status).toBe('done');
    expect(done.attempts).toBe(2);
    expect(done.lockedBy).toBeNull();
    expect(running.lockedBy).not.toBeNull();
    const asset = await database.db
      .selectFrom('mediaAsset')
      .selectAll()
      .where('id', '=', assetId)
      .executeTakeFirstOrThrow();
    expect(asset.status).toBe('ready');
    expect(await storage.readText(mediaKey(assetId, 'master.m3u8'))).toContain('720p/index.m3u8');
    // The killed attempt's scratch folder and temporary copy are gone.
    const media = path.join(database.dataDir, 'media');
    expect(fs.existsSync(media) ? fs.readdirSync(media).filter((f) => f.startsWith('.work')) : []).toEqual([]);
    const work = path.join(database.dataDir, 'work');
    expect(fs.existsSync(work) ? fs.readdirSync(work) : []).toEqual([]);
    if (useS3) expect(fs.existsSync(path.join(media, assetId))).toBe(false);
  },
);
