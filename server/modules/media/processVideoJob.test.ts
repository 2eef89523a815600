import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip, keyframeTimes } from '#tests/support/makeClip.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { toNum } from '#server/db/values.ts';
import type { Services } from '#server/core/services.ts';
import { startJobWorker, type JobWorker } from '#server/jobs/jobWorker.ts';
import { jobDefinitions } from '#server/composition/jobTypes.ts';
import { newId } from '#server/lib/ids.ts';
import { enqueueVideoProcessingInTx } from './enqueueVideoProcessingInTx.ts';
import { retryVideoProcessing } from './retryVideoProcessing.ts';
import { isServedRenditionFile } from '../playback/servedFiles.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';

let database: TestDatabase;
let services: Services;
let worker: JobWorker;
let uploads: string;
let creator: { id: string; name: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = testServices(database);
  uploads = path.join(database.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  creator = await make.user(database.db, { role: 'creator' });
  worker = startJobWorker(services, jobDefinitions, { concurrency: 1, pollMs: 50 });
});
afterAll(async () => {
  await worker.stop();
  await database.close();
});

/** What the editor shows: the asset's status, progress and error. */
async function getVideoProcessingState(db: TestDatabase['db'], assetId: string) {
  const a = await db
    .selectFrom('mediaAsset')
    .select(['status', 'progress', 'error'])
    .where('id', '=', assetId)
    .executeTakeFirst();
  return a && { state: a.status, progress: toNum(a.progress), error: a.error };
}

async function newVideoAsset() {
  const id = newId();
  const at = new Date();
  await database.db
    .insertInto('mediaAsset')
    .values({
      id,
      ownerId: creator.id,
      kind: 'video',
      status: 'uploaded',
      meta: '{}',
      error: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  return id;
}

async function process(original: string) {
  const assetId = await newVideoAsset();
  await database.db.transaction().execute((trx) =>
    enqueueVideoProcessingInTx(trx, {
      jobs: services.jobs,
      assetId,
      originalKey: `uploads/${path.basename(original)}`,
    }),
  );
  worker.wake();
  return { assetId, state: await settled(assetId) };
}

/** The asset's processing state once the worker finished with it (the test's time-out bounds the wait). */
function settled(assetId: string) {
  return eventually(
    async () => {
      const s = await getVideoProcessingState(database.db, assetId);
      return (s?.state === 'ready' || s?.state === 'failed') && s;
    },
    { timeout: 90_000, interval: 100 },
  );
}

const dir = (assetId: string) => path.join(database.dataDir, 'media', assetId);
const meta = async (assetId: string) => {
  const row = await database.db
    .selectFrom('mediaAsset')
    .select('meta')
    .where('id', '=', assetId)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.meta) as {
    duration: number;
    renditions: { name: string; width: number; height: number; bytes: number }[];
    audio: { name: string; bytes: number } | null;
    av1: {
      renditions: { name: string; width: number; height: number; bytes: number }[];
      audio: { name: string; bytes: number } | null;
    } | null;
  };
};
const read = (assetId: string, file: string) => fs.readFileSync(path.join(dir(assetId), file), 'utf8');

/** Keyframe times from the first one (segments start at a small decoder delay), to 0.1 s. */
const fromFirst = (keys: number[]) => keys.map((t) => Math.round((t - keys[0]!) * 10) / 10);

/** The rendition's files in playback order, as its playlist lists them. */
function renditionFiles(assetId: string, name: string): string[] {
  const playlist = read(assetId, `${name}/index.m3u8`);
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)![1]!;
  const segments = playlist.split('\n').filter((l) => l && !l.startsWith('#'));
  return [init, ...segments].map((f) => path.join(dir(assetId), name, f));
}

/** Every file the playlists name is one the media route serves (it refuses any other name). */
async function expectAllServed(assetId: string) {
  const m = await meta(assetId);
  const av1 = m.av1 ? [...m.av1.renditions, ...(m.av1.audio ? [m.av1.audio] : [])] : [];
  for (const { name } of [...m.renditions, ...(m.audio ? [m.audio] : []), ...av1]) {
    for (const file of renditionFiles(assetId, name)) {
      expect(isServedRenditionFile(name, path.basename(file)), `${name}/${path.basename(file)}`).toBe(true);
      expect(fs.existsSync(file)).toBe(true);
    }
  }
}

describe('video processing', () => {
  it('turns a 1080p clip into the whole ladder with aligned keyframes, a poster, thumbnails and durations', async () => {
    const course = await make.course(database.db, { creator, duration: 0 });
    const original = await makeClip(path.join(uploads, 'landscape.mp4'), { width: 1920, height: 1080, seconds: 4 });
    const other = await make.episode(database.db, { courseId: course.id, position: 1, duration: 100 });
    const { assetId, state } = await (async () => {
      const assetId = await newVideoAsset();
      await make.episode(database.db, { courseId: course.id, position: 2, videoId: assetId, duration: 0 });
      await database.db.transaction().execute((trx) =>
        enqueueVideoProcessingInTx(trx, {
          jobs: services.jobs,
          assetId,
          originalKey: `uploads/${path.basename(original)}`,
        }),
      );
      worker.wake();
      return { assetId, state: await settled(assetId) };
    })();
    expect(state).toEqual({ state: 'ready', progress: 100, error: null });
    const m = await meta(assetId);
    expect(m.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['240p', 426, 240],
      ['360p', 640, 360],
      ['480p', 854, 480],
      ['720p', 1280, 720],
    ]);
    expect(m.duration).toBeCloseTo(4, 1);
    const master = read(assetId, 'master.m3u8');
    // Relative URIs only: the signed token in the path carries over to every playlist and segment.
    const uris = master.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(uris).toEqual([
      '240p/index.m3u8',
      '360p/index.m3u8',
      '480p/index.m3u8',
      '720p/index.m3u8',
      '240p-av1/index.m3u8',
      '360p-av1/index.m3u8',
      'audio/index.m3u8',
      'audio-opus/index.m3u8',
    ]);
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).toContain('CODECS="mp4a.40.2"');
    expect(m.audio?.bytes).toBeGreaterThan(0);
    expect(m.av1?.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['240p-av1', 426, 240],
      ['360p-av1', 640, 360],
    ]);
    expect(m.av1?.audio?.bytes).toBeGreaterThan(0);
    await expectAllServed(assetId);
    // Every rendition of both families switches at the same instants (SVT-AV1 by its GOP length).
    for (const r of [...m.renditions, ...(m.av1?.renditions ?? [])]) {
      const keys = await keyframeTimes(renditionFiles(assetId, r.name), path.join(database.dataDir, `${r.name}.mp4`));
      expect(fromFirst(keys)).toEqual([0, 2]);
    }
    expect(read(assetId, '720p/index.m3u8')).toMatch(/#EXTINF:4\.0/);
    for (const f of ['poster.webp', 'w320.webp', 'w640.webp', 'w1280.webp'])
      expect(fs.existsSync(path.join(dir(assetId), f))).toBe(true);
    // The original stays in uploads/, never in the served folder.
    expect(fs.readdirSync(dir(assetId)).some((f) => f.endsWith('landscape.mp4'))).toBe(false);

    const ep = await database.db
      .selectFrom('episode')
      .select('duration')
      .where('videoId', '=', assetId)
      .executeTakeFirstOrThrow();
    expect(toNum(ep.duration)).toBe(4);
    const c = await database.db
      .selectFrom('course')
      .select('duration')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(toNum(c.duration)).toBe(toNum(other.duration) + 4);
  }, 120_000); // a 1080p source through both codec families on 2 shared cores

  it('scales a portrait clip by its width', async () => {
    const original = await makeClip(path.join(uploads, 'portrait.mp4'), { width: 720, height: 1280, seconds: 2 });
    const { assetId, state } = await process(original);
    expect(state.state).toBe('ready');
    expect((await meta(assetId)).renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['240p', 240, 426],
      ['360p', 360, 640],
      ['480p', 480, 854],
      ['720p', 720, 1280],
    ]);
  }, 120_000);

  it('never upscales: a 240p source gives only 240p', async () => {
    const original = await makeClip(path.join(uploads, 'small.mp4'), { width: 426, height: 240, seconds: 2 });
    const { assetId } = await process(original);
    expect((await meta(assetId)).renditions.map((r) => r.name)).toEqual(['240p']);
    expect(fs.existsSync(path.join(dir(assetId), '360p'))).toBe(false);
    await expectAllServed(assetId);
  });

  it('handles a source without audio', async () => {
    const original = await makeClip(path.join(uploads, 'silent.mp4'), {
      width: 640,
      height: 360,
      seconds: 2,
      audio: false,
    });
    const { assetId, state } = await process(original);
    expect(state.state).toBe('ready');
    expect((await meta(assetId)).renditions.map((r) => r.name)).toEqual(['240p', '360p']);
    expect(read(assetId, 'master.m3u8')).not.toContain('mp4a');
    // No sound, no "Listen only".
    expect((await meta(assetId)).audio).toBeNull();
    expect(fs.existsSync(path.join(dir(assetId), 'audio'))).toBe(false);
    expect(fs.existsSync(path.join(dir(assetId), 'audio-opus'))).toBe(false);
  });

  it('puts keyframes every 2 s at 25 fps too, with the right duration', async () => {
    const original = await makeClip(path.join(uploads, 'pal.mp4'), { width: 854, height: 480, seconds: 5, fps: 25 });
    const { assetId } = await process(original);
    const m = await meta(assetId);
    expect(m.duration).toBeCloseTo(5, 1);
    // Every rendition of both families switches at the same instants (SVT-AV1 by its GOP length).
    for (const r of [...m.renditions, ...(m.av1?.renditions ?? [])]) {
      const keys = await keyframeTimes(
        renditionFiles(assetId, r.name),
        path.join(database.dataDir, `pal-${r.name}.mp4`),
      );
      expect(fromFirst(keys)).toEqual([0, 2, 4]);
    }
  });

  it('refuses a file that is not video, with a reason the creator sees, and can be retried', async () => {
    const fake = path.join(uploads, 'notes.mp4');
    fs.writeFileSync(fake, 'these are my lecture notes, not a video');
    const { assetId, state } = await process(fake);
    expect(state.state).toBe('failed');
    expect(state.error).toMatch(/not a video/);
    const job = await database.db
      .selectFrom('job')
      .innerJoin('mediaAsset', 'mediaAsset.jobId', 'job.id')
      .select(['job.status', 'job.attempts'])
      .where('mediaAsset.id', '=', assetId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(fs.existsSync(dir(assetId))).toBe(false);

    await makeClip(fake, { width: 426, height: 240, seconds: 1 });
    expect(await retryVideoProcessing(services, { assetId })).toBe(true);
    expect(await retryVideoProcessing(services, { assetId })).toBe(false);
    worker.wake();
    expect((await settled(assetId)).state).toBe('ready');
  });
});
