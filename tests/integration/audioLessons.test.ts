// Audio lessons through the real server (issue 26, decision 0069): a recording's type from its bytes and
// ffprobe, its size limit, refused with their words and nothing kept; real ffmpeg makes the Listen only
// variants alone (AAC and Opus, no picture) with a master of both; the lesson needs a recording of its own
// creator; who may play and download it (the free first lesson for everyone, the rest for enrolled learners,
// the creator and admins, a 404 for anyone else); a position is saved and resumed like a video's.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '#common/uploads/uploadRules.ts';
import { jobDefinitions } from '#server/composition/jobTypes.ts';
import { startJobWorker } from '#server/jobs/jobWorker.ts';
import { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
import { make } from '#tests/support/factories/index.ts';
import { type Client, getJson, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { eventually } from '#tests/support/eventually.ts';
import { makeClip } from '#tests/support/makeClip.ts';
import { type Person, signedIn } from '#tests/support/signedIn.ts';
import { tusCreate, uploadWhole } from '#tests/support/tus.ts';

const run = promisify(execFile);
const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let scratch: string;
let courseId: string;
let learner: Person;
let stranger: Person;
let otherCreator: Person;
/** Lesson 1 (free) and lesson 2 (enrolled learners only), both audio lessons, and their recordings. */
let free: { episodeId: string; assetId: string };
let paid: { episodeId: string; assetId: string };

const db = () => cast.app.t.db;
const mediaDir = (id: string) => path.join(cast.app.t.dataDir, 'media', id);
const assetCount = async () => (await db().selectFrom('mediaAsset').select('id').execute()).length;
const addLesson = (c: Client, json: unknown) => postJson(c, `/api/studio/courses/${courseId}/episodes`, json);

/** A short tone in the given format, made by ffmpeg (`extra`: codec arguments). */
async function tone(name: string, seconds = 3, extra: string[] = []): Promise<Uint8Array> {
  const file = path.join(scratch, name);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${seconds}`,
    ...extra,
    file,
  ]);
  return new Uint8Array(fs.readFileSync(file));
}

async function upload(c: Client, bytes: Uint8Array, filename: string, kind = 'audio') {
  const { res, id } = await uploadWhole(c, { kind, filename }, bytes);
  return { status: res.status, body: await res.text(), id };
}

/** Runs the job worker until the asset is no longer queued or processing; its row. */
async function processed(assetId: string) {
  const worker = startJobWorker(cast.app.running.services, jobDefinitions, { concurrency: 1, pollMs: 50 });
  try {
    return await eventually(
      async () => {
        const a = await db().selectFrom('mediaAsset').selectAll().where('id', '=', assetId).executeTakeFirstOrThrow();
        return a.status === 'ready' || a.status === 'failed' ? a : null;
      },
      { timeout: 120_000, interval: 100 },
    );
  } finally {
    await worker.stop();
  }
}

async function audioLesson(title: string, bytes: Uint8Array, filename: string) {
  const r = await upload(cast.creator, bytes, filename);
  expect(r.status, r.body).toBe(204);
  const res = await addLesson(cast.creator, { kind: 'audio', title, videoId: r.id });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { episodeId: res.body.id as string, assetId: r.id };
}

beforeAll(async () => {
  cast = await startCast(cleanups);
  scratch = fs.mkdtempSync(path.join(cast.app.t.dataDir, 'tones-'));
  learner = await signedIn(cast.app, 'customer');
  stranger = await signedIn(cast.app, 'customer');
  otherCreator = await signedIn(cast.app, 'creator');
  const thumbnailId = await make.asset(db(), { ownerId: cast.creator.id, kind: 'image' });
  courseId = (await make.course(db(), { creator: { id: cast.creator.id, name: 'Achieng' }, thumbnailId })).id;
  await make.enrollment(db(), { userId: learner.id, courseId });
  free = await audioLesson('Karibu', await tone('free.mp3'), 'karibu.mp3');
  paid = await audioLesson('Mazungumzo', await tone('paid.m4a', 12), 'mazungumzo.m4a');
  for (const a of [free, paid]) expect((await processed(a.assetId)).status).toBe('ready');
}, 240_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('uploading a recording', () => {
  it('refuses what is not sound (an image, a video, text: 422) and what is too big (413), with its words, keeping nothing', async () => {
    const before = await assetCount();
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#335577' } })
      .png()
      .toBuffer();
    const video = new Uint8Array(
      fs.readFileSync(await makeClip(path.join(scratch, 'clip.mp4'), { width: 160, height: 90, seconds: 1 })),
    );
    const text = new TextEncoder().encode('ID3 but only words, not a recording at all');
    for (const [bytes, name] of [
      [png, 'photo.mp3'],
      [video, 'talk.m4a'],
      [text, 'notes.mp3'],
    ] as const) {
      const r = await upload(cast.creator, bytes, name);
      expect([r.status, r.body], name).toEqual([422, UPLOAD_MESSAGES.notAudio]);
    }
    const big = await tusCreate(
      cast.creator,
      { kind: 'audio', filename: 'long.wav' },
      UPLOAD_LIMITS.audio.maxBytes + 1,
    );
    expect([big.status, await big.text()]).toEqual([413, 'File size should be less than 250MB']);
    expect(await assetCount()).toBe(before);
    expect(
      fs.readdirSync(path.join(cast.app.t.dataDir, 'uploads', 'incoming')).filter((f) => !f.endsWith('.json')),
    ).toEqual([]);
  });

  it('takes MP3, M4A (AAC), raw AAC, OGG (Opus) and WAV: a recording queued for processing', async () => {
    for (const [name, extra] of [
      ['a.mp3', []],
      ['a.m4a', []],
      ['a.aac', []],
      ['a.ogg', ['-c:a', 'libopus']],
      ['a.wav', []],
    ] as const) {
      const r = await upload(cast.creator, await tone(name, 1, [...extra]), name);
      expect(r.status, `${name}: ${r.body}`).toBe(204);
      const row = await db().selectFrom('mediaAsset').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
      expect(row, name).toMatchObject({ kind: 'audio', status: 'processing', ownerId: cast.creator.id });
      expect(JSON.parse(row.meta), name).toMatchObject({ fileName: name, duration: expect.any(Number) });
    }
  });
});

describe('processing a recording', () => {
  it('makes the Listen only variants alone, AAC and Opus, with a master of measured rates, and no picture', async () => {
    const row = await db()
      .selectFrom('mediaAsset')
      .selectAll()
      .where('id', '=', paid.assetId)
      .executeTakeFirstOrThrow();
    const meta = JSON.parse(row.meta);
    expect(meta).toMatchObject({
      hasAudio: true,
      renditions: [],
      audio: { name: 'audio', bytes: expect.any(Number) },
      av1: { renditions: [], audio: { name: 'audio-opus', bytes: expect.any(Number) } },
    });
    expect(meta.duration).toBeCloseTo(12, 0);
    expect(fs.readdirSync(mediaDir(paid.assetId)).sort()).toEqual(['audio', 'audio-opus', 'master.m3u8']);
    const master = fs.readFileSync(path.join(mediaDir(paid.assetId), 'master.m3u8'), 'utf8');
    expect(master).toMatch(/CODECS="mp4a\.40\.2"\naudio\/index\.m3u8/);
    expect(master).toMatch(/CODECS="opus"\naudio-opus\/index\.m3u8/);
    expect(master).not.toContain('RESOLUTION');
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,channels',
      '-of',
      'csv=p=0',
      path.join(mediaDir(paid.assetId), 'audio-opus', 'index.m3u8'),
    ]);
    // Every stream of it is Opus sound, mono (ffprobe lists the playlist's program and its stream).
    expect(new Set(stdout.trim().split(/\n+/))).toEqual(new Set(['opus,audio,1']));
    // The lesson and the course take its length.
    const episode = await db()
      .selectFrom('episode')
      .select('duration')
      .where('id', '=', paid.episodeId)
      .executeTakeFirst();
    const course = await db().selectFrom('course').select('duration').where('id', '=', courseId).executeTakeFirst();
    expect(Number(episode?.duration)).toBe(12);
    expect(Number(course?.duration)).toBe(3 + 12);
  });
});

describe('making an audio lesson', () => {
  it('needs a recording of its own creator: none, a video or another creator’s recording is refused (400)', async () => {
    const count = async () =>
      (await db().selectFrom('episode').select('id').where('courseId', '=', courseId).execute()).length;
    const before = await count();
    const none = await addLesson(cast.creator, { kind: 'audio', title: 'Kimya' });
    expect([none.status, none.body.error.message]).toEqual([400, STUDIO_MESSAGES.audioLessonRequired]);
    const theirs = await upload(otherCreator, await tone('theirs.mp3', 1), 'theirs.mp3');
    const video = await make.asset(db(), { ownerId: cast.creator.id, kind: 'video' });
    for (const videoId of [theirs.id, video]) {
      const res = await addLesson(cast.creator, { kind: 'audio', title: 'Si yangu', videoId });
      expect([res.status, res.body.error.message]).toEqual([
        400,
        'That recording could not be used. Please upload it again.',
      ]);
    }
    // …and a recording is not a video lesson's video.
    const asVideo = await addLesson(cast.creator, { kind: 'video', title: 'Video?', videoId: paid.assetId });
    expect([asVideo.status, asVideo.body.error.message]).toEqual([
      400,
      'That video could not be used. Please upload it again.',
    ]);
    expect(await count()).toBe(before);
  });
});

describe('who may play and download an audio lesson', () => {
  const play = (c: Client, assetId: string) => c.request(`/media/play/${assetId}`);
  const manifest = (c: Client, episodeId: string) => getJson(c, `/api/offline/episodes/${episodeId}?plays=av1,opus`);

  it('plays the free first lesson for everyone, the others only for enrolled learners, the creator and admins', async () => {
    for (const c of [cast.visitor, stranger, otherCreator, learner, cast.creator, cast.admin])
      expect((await play(c, free.assetId)).status).toBe(200);
    for (const [c, status] of [
      [cast.visitor, 404],
      [stranger, 404],
      [otherCreator, 404],
      [learner, 200],
      [cast.creator, 200],
      [cast.admin, 200],
    ] as const)
      expect((await play(c, paid.assetId)).status).toBe(status);
    const source = await (await play(learner, paid.assetId)).json();
    const listen = await learner.request(source.src.replace('master.m3u8', 'audio-opus/index.m3u8'));
    expect(listen.status).toBe(200);
  });

  it('offers the enrolled learner the recording for offline, its Listen only with its size; a stranger a 404', async () => {
    const mine = await manifest(learner, paid.episodeId);
    expect(mine.status).toBe(200);
    expect(mine.body.options.map((o: { quality: string }) => o.quality)).toEqual(['audio']);
    const meta = JSON.parse(
      (await db().selectFrom('mediaAsset').select('meta').where('id', '=', paid.assetId).executeTakeFirstOrThrow())
        .meta,
    );
    expect(mine.body.options[0].files.some((f: { path: string }) => f.path.startsWith('audio-opus/'))).toBe(true);
    // The playlists and segments it downloads, as measured when it was made (the master is counted once more there).
    expect(mine.body.options[0].bytes).toBeGreaterThan(0);
    expect(mine.body.options[0].bytes).toBeLessThanOrEqual(meta.av1.audio.bytes);
    for (const c of [stranger, otherCreator]) expect((await manifest(c, paid.episodeId)).status).toBe(404);
    expect((await manifest(cast.visitor, paid.episodeId)).status).toBe(401);
  });

  it('keeps a learner’s position and resumes there, like a video', async () => {
    const saved = await postJson(learner, '/api/learning/progress', { episodeId: paid.episodeId, position: 2 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = await getLearnPage(
      cast.app.running.services,
      { userId: learner.id, role: 'customer' },
      {
        courseId,
        order: 2,
      },
    );
    expect(page.status).toBe('ok');
    if (page.status !== 'ok') return;
    expect(page.page.current).toMatchObject({ kind: 'audio', position: 2, resumeAt: 2, completed: false });
    expect(page.page.current.source?.src).toContain(`/${paid.assetId}/master.m3u8`);
    const past = await postJson(learner, '/api/learning/progress', { episodeId: paid.episodeId, position: 90 });
    expect(past.status).toBe(400);
    const done = await postJson(learner, '/api/learning/progress', { episodeId: paid.episodeId, position: 12 });
    expect(done.body).toMatchObject({ completed: true });
  });
});
