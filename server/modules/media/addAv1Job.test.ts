// The AV1 backfill (decision 0070) with real ffmpeg on tiny clips: a video made before AV1 gets the AV1
// family beside its H.264 ladder, its master stays valid throughout, uploads go first, and overlapping
// rounds and several workers never make the same video twice.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { makeLegacyVideo } from '#tests/support/makeLegacyVideo.ts';
import { masterPlaylistProblems } from '#tests/support/masterPlaylistProblems.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';
import type { Services } from '#server/core/services.ts';
import { startJobWorker } from '#server/jobs/jobWorker.ts';
import { enqueueJob } from '#server/jobs/enqueueJob.ts';
import { getAv1Backfill } from '../admin/getAv1Backfill.ts';
import { addAv1Job } from './addAv1Job.ts';
import { mediaKey } from './mediaKeys.ts';
import { processVideoJob } from './processVideoJob.ts';
import { queueAv1Backfill } from './queueAv1Backfill.ts';
import { videosWithoutAv1InTx } from './videosWithoutAv1InTx.ts';

let database: TestDatabase;
let services: Services;
let owner: { id: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = testServices(database);
  owner = await make.user(database.db, { role: 'creator' });
});
afterAll(async () => {
  await database.close();
});

interface Meta {
  renditions: { name: string; bytes: number }[];
  audio: { name: string; bytes: number } | null;
  av1?: {
    renditions: { name: string; width: number; height: number; bytes: number }[];
    audio: { name: string } | null;
  };
}
const meta = async (assetId: string): Promise<Meta> =>
  JSON.parse(
    (await database.db.selectFrom('mediaAsset').select('meta').where('id', '=', assetId).executeTakeFirstOrThrow())
      .meta,
  );
const master = async (assetId: string) => (await services.storage.readText(mediaKey(assetId, 'master.m3u8')))!;
const uris = (text: string) => text.split('\n').filter((l) => l && !l.startsWith('#'));
const backfillJobs = (assetId: string) =>
  database.db
    .selectFrom('job')
    .selectAll()
    .where('type', '=', addAv1Job.type)
    .where('payload', '=', JSON.stringify({ assetId }))
    .execute();
const left = async () =>
  (await videosWithoutAv1InTx(database.db).select('mediaAsset.id').where('mediaAsset.ownerId', '=', owner.id).execute())
    .length;

/** Runs the queued backfill job with a worker of its own and waits for it to finish. */
async function runQueued(assetId: string) {
  // The backfill's job type only: an upload's job left in the queue stays there.
  const worker = startJobWorker(services, [addAv1Job], { concurrency: 1, pollMs: 50 });
  try {
    return await eventually(
      async () => {
        const [job] = await backfillJobs(assetId);
        return (job?.status === 'done' || job?.status === 'failed') && job;
      },
      { timeout: 120_000, interval: 100 },
    );
  } finally {
    await worker.stop();
  }
}

describe('AV1 backfill', () => {
  it('gives a video made before AV1 the AV1 family beside its H.264 ladder, its master valid before and after', async () => {
    const assetId = await makeLegacyVideo(services, owner.id, { width: 640, height: 360, seconds: 3 });
    const before = await master(assetId);
    expect(uris(before)).toEqual(['240p/index.m3u8', '360p/index.m3u8', 'audio/index.m3u8']);
    expect(await masterPlaylistProblems(services.storage, assetId)).toEqual([]);
    const h264Before = (await meta(assetId)).renditions;
    expect(await left()).toBe(1);

    const admin = { userId: 'admin-1', role: 'admin' } as const;
    expect(await getAv1Backfill(services, admin)).toEqual({ on: true, left: 1, current: null, failed: 0 });
    expect(await queueAv1Backfill(services)).toBe(assetId);
    // One at a time: nothing more is queued while it waits or runs.
    expect(await queueAv1Backfill(services)).toBeNull();
    expect((await getAv1Backfill(services, admin)).current).toEqual({
      title: null,
      course: null,
      progress: 0,
      running: false,
    });
    const job = await runQueued(assetId);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });

    const after = await master(assetId);
    expect(uris(after)).toEqual([
      '240p/index.m3u8',
      '360p/index.m3u8',
      '240p-av1/index.m3u8',
      '360p-av1/index.m3u8',
      'audio/index.m3u8',
      'audio-opus/index.m3u8',
    ]);
    // The H.264 lines are the ones players had: same rates and codecs.
    for (const line of before.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF')))
      expect(after).toContain(line);
    expect(after).toMatch(/CODECS="av01\.0\.\d\dM\.08,opus"/);
    expect(await masterPlaylistProblems(services.storage, assetId)).toEqual([]);

    // Sizes and download offers follow: the record has the AV1 family, every size counts the new master.
    const m = await meta(assetId);
    expect(m.av1?.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['240p-av1', 426, 240],
      ['360p-av1', 640, 360],
    ]);
    expect(m.av1?.audio?.name).toBe('audio-opus');
    const growth = Buffer.byteLength(after) - Buffer.byteLength(before);
    expect(m.renditions.map((r) => r.bytes)).toEqual(h264Before.map((r) => r.bytes + growth));
    expect(await left()).toBe(0);
    expect(await queueAv1Backfill(services)).toBeNull();
    expect(await getAv1Backfill(services, admin)).toEqual({ on: true, left: 0, current: null, failed: 0 });
    // No scratch folder or receipt left where media is served from.
    expect(fs.readdirSync(path.join(database.dataDir, 'media', assetId)).sort()).toEqual(
      ['240p', '240p-av1', '360p', '360p-av1', 'audio', 'audio-opus', 'master.m3u8'].sort(),
    );
  }, 180_000);

  it('records what a run stopped after replacing the master had made, without making it again', async () => {
    const assetId = await makeLegacyVideo(services, owner.id, { width: 426, height: 240, seconds: 2 });
    await queueAv1Backfill(services);
    await runQueued(assetId);
    const made = await meta(assetId);
    const served = await master(assetId);
    // As if the worker died between the master and the record: receipt in place, record without AV1.
    await database.db
      .updateTable('mediaAsset')
      .set({ meta: JSON.stringify({ ...made, av1: undefined }) })
      .where('id', '=', assetId)
      .execute();
    const file = path.join(database.dataDir, 'receipt.json');
    fs.writeFileSync(file, JSON.stringify({ av1: made.av1, masterGrowth: 0 }));
    await services.storage.moveIn(mediaKey(assetId, 'av1-receipt.json'), file);
    const segment = path.join(database.dataDir, 'media', assetId, '240p-av1', 'seg_00000.m4s');
    const written = fs.statSync(segment).mtimeMs;

    await database.db.deleteFrom('job').where('type', '=', addAv1Job.type).execute();
    expect(await queueAv1Backfill(services)).toBe(assetId);
    expect(await runQueued(assetId)).toMatchObject({ status: 'done' });
    expect((await meta(assetId)).av1).toEqual(made.av1);
    expect(await master(assetId)).toBe(served);
    expect(fs.statSync(segment).mtimeMs).toBe(written);
    expect(await services.storage.stat(mediaKey(assetId, 'av1-receipt.json'))).toBeNull();
  }, 180_000);

  it('waits while an upload is queued or processing, so new uploads go first', async () => {
    const assetId = await makeLegacyVideo(services, owner.id, { width: 426, height: 240, seconds: 2 });
    const upload = await enqueueJob(database.db, processVideoJob, {
      assetId: 'someUpload',
      originalKey: 'uploads/someUpload.mp4',
    });
    expect(await queueAv1Backfill(services)).toBeNull();
    // A backfill job already queued does nothing while the upload waits, and the video stays to do.
    await enqueueJob(database.db, addAv1Job, { assetId });
    expect(await runQueued(assetId)).toMatchObject({ status: 'done' });
    expect((await meta(assetId)).av1).toBeUndefined();
    expect(uris(await master(assetId))).not.toContain('240p-av1/index.m3u8');

    await database.db.updateTable('job').set({ status: 'done' }).where('id', '=', upload).execute();
    await database.db.deleteFrom('job').where('type', '=', addAv1Job.type).execute();
    expect(await queueAv1Backfill(services)).toBe(assetId);
    expect(await runQueued(assetId)).toMatchObject({ status: 'done' });
    expect((await meta(assetId)).av1?.renditions.map((r) => r.name)).toEqual(['240p-av1']);
  }, 180_000);

  it('stops mid-encode when an upload arrives, leaving the old master, and finishes after it', async () => {
    const assetId = await makeLegacyVideo(services, owner.id, { width: 1280, height: 720, seconds: 12 });
    const before = await master(assetId);
    expect(await queueAv1Backfill(services)).toBe(assetId);
    const worker = startJobWorker(services, [addAv1Job], { concurrency: 1, pollMs: 50 });
    try {
      await eventually(
        async () => {
          const [job] = await backfillJobs(assetId);
          return job?.status === 'running' && job.progress > 0;
        },
        { timeout: 120_000, interval: 100 },
      );
      const upload = await enqueueJob(database.db, processVideoJob, {
        assetId: 'anotherUpload',
        originalKey: 'uploads/anotherUpload.mp4',
      });
      const [job] = await eventually(
        async () => {
          const jobs = await backfillJobs(assetId);
          return jobs[0]?.status !== 'running' && jobs;
        },
        { timeout: 120_000, interval: 100 },
      );
      // Not a failure: the video simply stays to do, and its old master stays whole.
      expect(job).toMatchObject({ status: 'done', lastError: null });
      expect((await meta(assetId)).av1).toBeUndefined();
      expect(await master(assetId)).toBe(before);
      expect(await masterPlaylistProblems(services.storage, assetId)).toEqual([]);
      expect(await queueAv1Backfill(services)).toBeNull();
      await database.db.updateTable('job').set({ status: 'done' }).where('id', '=', upload).execute();
    } finally {
      await worker.stop();
    }
    await database.db.deleteFrom('job').where('type', '=', addAv1Job.type).execute();
    expect(await queueAv1Backfill(services)).toBe(assetId);
    expect(await runQueued(assetId)).toMatchObject({ status: 'done' });
    expect((await meta(assetId)).av1?.renditions.map((r) => r.name)).toEqual(['240p-av1', '360p-av1']);
  }, 300_000);

  it('makes each video once when rounds overlap and several workers run', async () => {
    const ids = [
      await makeLegacyVideo(services, owner.id, { width: 426, height: 240, seconds: 2 }),
      await makeLegacyVideo(services, owner.id, { width: 426, height: 240, seconds: 2, audio: false }),
    ];
    const workers = [0, 1].map(() => startJobWorker(services, [addAv1Job], { concurrency: 1, pollMs: 20 }));
    let mostAtOnce = 0;
    try {
      // Rounds of the periodic task from several processes at once, until nothing is left to do.
      await eventually(
        async () => {
          const queued = (await Promise.all([1, 2, 3, 4].map(() => queueAv1Backfill(services)))).filter(Boolean);
          mostAtOnce = Math.max(mostAtOnce, queued.length);
          return (await left()) === 0;
        },
        { timeout: 150_000, interval: 200 },
      );
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(mostAtOnce).toBe(1);
    for (const id of ids) {
      const jobs = await backfillJobs(id);
      expect(jobs.map((j) => [j.status, j.attempts])).toEqual([['done', 1]]);
      expect(await masterPlaylistProblems(services.storage, id)).toEqual([]);
    }
    // The silent video has no Listen only in either family.
    expect(uris(await master(ids[1]!))).toEqual(['240p/index.m3u8', '240p-av1/index.m3u8']);
  }, 200_000);
});
