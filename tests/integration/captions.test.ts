// Captions through the real server: creators (and admins) upload, replace and delete them per episode and
// language, bad files are refused with a 4xx and leave nothing behind, and a caption file opens to exactly
// those who may play the episode's video, under its playback token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCoursePage } from '#server/modules/catalog/getCoursePage.ts';
import { getHero } from '#server/modules/catalog/getHero.ts';
import { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
import { MAX_CAPTION_BYTES } from '#common/captions/captions.ts';
import { makeReadyVideo } from '../support/makeReadyVideo.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, signedUpClient } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let otherCustomer: Client;
let otherCreator: Client;
let courseId = '';
const ep = { one: '', two: '' };
const video = { one: '', two: '' };

const VTT = 'WEBVTT\n\n00:00.000 --> 00:02.000\nKaribu to the lesson\n';
const SRT = '1\r\n00:00:00,000 --> 00:00:02,000\r\nKaribu kwenye somo\r\n';

const signUp = (role: 'customer' | 'creator') => signedUpClient(cast.app.url, role);

const captionsPath = (episodeId: string, language: string) =>
  `/api/studio/courses/${courseId}/episodes/${episodeId}/captions/${language}`;

async function upload(client: Client, episodeId: string, language: string, body: string | Uint8Array<ArrayBuffer>) {
  const res = await client.request(captionsPath(episodeId, language), { method: 'PUT', body });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

const countCaptions = async () =>
  Number(
    (
      await cast.app.t.db
        .selectFrom('caption')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The caption tracks /media/play hands this client for a video, or its refusal status. */
async function tracksFor(client: Client, assetId: string) {
  const res = await client.request(`/media/play/${assetId}`);
  if (res.status !== 200) {
    await res.arrayBuffer();
    return res.status;
  }
  return ((await res.json()) as { captions: { language: string; label: string; src: string }[] }).captions;
}

beforeAll(async () => {
  cast = await startCast(cleanups);
  otherCustomer = await signUp('customer');
  otherCreator = await signUp('creator');
  const { db, dataDir } = cast.app.t;
  const owner = await db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('id', '=', cast.creator.id)
    .executeTakeFirstOrThrow();
  video.one = await makeReadyVideo(db, dataDir, owner.id);
  video.two = await makeReadyVideo(db, dataDir, owner.id);
  const course = await make.course(db, { creator: owner });
  courseId = course.id;
  ep.one = (await make.episode(db, { courseId: course.id, position: 1, videoId: video.one })).id;
  ep.two = (await make.episode(db, { courseId: course.id, position: 2, videoId: video.two })).id;
  await make.enrollment(db, { userId: cast.customer.id, courseId });
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('uploading captions', () => {
  it('stores WebVTT as it is and SRT converted, and lists them in the editor', async () => {
    expect(await upload(cast.creator, ep.two, 'en', VTT)).toMatchObject({
      status: 200,
      body: { language: 'en', cues: 1 },
    });
    expect(await upload(cast.admin, ep.two, 'sw', SRT)).toMatchObject({
      status: 200,
      body: { language: 'sw', cues: 1 },
    });
    expect((await upload(cast.creator, ep.one, 'en', VTT)).status).toBe(200);
    const editor = await cast.creator.request(`/api/studio/courses/${courseId}`);
    const course = (await editor.json()) as { episodes: { id: string; captions: { language: string }[] }[] };
    const two = course.episodes.find((e) => e.id === ep.two)!;
    expect(two.captions.map((c) => c.language)).toEqual(['en', 'sw']);
    const row = await cast.app.t.db
      .selectFrom('caption')
      .select('vtt')
      .where('episodeId', '=', ep.two)
      .where('language', '=', 'sw')
      .executeTakeFirstOrThrow();
    expect(row.vtt).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.000\nKaribu kwenye somo\n');
  });

  it('refuses bad files and other people with a 4xx, storing nothing', async () => {
    const before = await countCaptions();
    const latin1 = Uint8Array.from([...new TextEncoder().encode('WEBVTT\n\n00:00.000 --> 00:01.000\nCaf'), 0xe9]);
    const refused = {
      'too large': [await upload(cast.creator, ep.two, 'en', 'x'.repeat(MAX_CAPTION_BYTES + 1)), 413],
      'not UTF-8': [await upload(cast.creator, ep.two, 'en', latin1), 415],
      'not captions': [await upload(cast.creator, ep.two, 'en', 'hello'), 415],
      'bad timing': [await upload(cast.creator, ep.two, 'en', 'WEBVTT\n\n00:05.000 --> 00:01.000\nx\n'), 400],
      'no cues': [await upload(cast.creator, ep.two, 'en', 'WEBVTT\n'), 400],
      'other language': [await upload(cast.creator, ep.two, 'fr', VTT), 400],
      'unknown episode': [await upload(cast.creator, 'nope', 'en', VTT), 404],
      visitor: [await upload(cast.visitor, ep.two, 'en', VTT), 401],
      customer: [await upload(cast.customer, ep.two, 'en', VTT), 404],
      'other creator': [await upload(otherCreator, ep.two, 'en', VTT), 404],
    } as const;
    for (const [name, [res, status]] of Object.entries(refused)) {
      expect([name, res.status]).toEqual([name, status]);
      expect([name, typeof (res.body?.error as { message?: string } | undefined)?.message]).toEqual([name, 'string']);
    }
    expect(await countCaptions()).toBe(before);
  });
});

describe('serving captions', () => {
  const who = () => ({
    visitor: cast.visitor,
    otherCustomer,
    enrolledCustomer: cast.customer,
    otherCreator,
    owner: cast.creator,
    admin: cast.admin,
  });

  it('opens a paid episode captions to enrolled learners, its creator and admins only', async () => {
    const got: Record<string, unknown> = {};
    for (const [name, client] of Object.entries(who())) {
      const tracks = await tracksFor(client, video.two);
      if (typeof tracks === 'number') {
        got[name] = tracks;
        continue;
      }
      const files = [];
      for (const t of tracks) {
        const res = await new Client(cast.app.url).request(t.src); // the token alone suffices: no cookies
        expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
        files.push(`${t.label}: ${res.status} ${(await res.text()).split('\n').at(-2)}`);
      }
      got[name] = files;
    }
    const ok = ['English: 200 Karibu to the lesson', 'Kiswahili: 200 Karibu kwenye somo'];
    expect(got).toEqual({
      visitor: 404,
      otherCustomer: 404,
      enrolledCustomer: ok,
      otherCreator: 404,
      owner: ok,
      admin: ok,
    });
  });

  it('opens a free episode captions to everyone, and the learn page carries them', async () => {
    for (const [name, client] of Object.entries(who())) {
      const tracks = await tracksFor(client, video.one);
      expect([name, Array.isArray(tracks) && tracks.map((t) => t.language)]).toEqual([name, ['en']]);
    }
    const learn = await getLearnPage(
      cast.app.running.services,
      { userId: cast.customer.id, role: 'customer' },
      { courseId, order: 2 },
    );
    if (learn.status !== 'ok') throw new Error(learn.status);
    expect(learn.page.current.source?.captions?.map((t) => t.label)).toEqual(['English', 'Kiswahili']);
  });

  it('hands visitors the free preview captions on the course page and the landing hero', async () => {
    const services = cast.app.running.services;
    const page = await getCoursePage(services, null, { courseId });
    const hero = await getHero(services);
    expect(hero?.id).toBe(courseId);
    const previews = { course: page?.episodes[0]?.video?.captions, hero: hero?.preview?.captions };
    for (const [where, tracks] of Object.entries(previews)) {
      expect([where, tracks?.map((t) => t.label)]).toEqual([where, ['English']]);
      const res = await new Client(cast.app.url).request(tracks![0]!.src); // a visitor, no cookies
      expect([where, res.status, (await res.text()).split('\n').at(-2)]).toEqual([where, 200, 'Karibu to the lesson']);
    }
    // Episode 2 is not a preview: the course page carries neither its video nor its captions.
    expect(page?.episodes[1]?.video).toBeNull();
  });

  it('refuses a caption under another video token, another episode caption, or a bad name', async () => {
    const tokens = cast.app.running.services.mediaTokens;
    const rows = await cast.app.t.db.selectFrom('caption').select(['id', 'episodeId']).execute();
    const ofTwo = rows.find((r) => r.episodeId === ep.two)!.id;
    const ofOne = rows.find((r) => r.episodeId === ep.one)!.id;
    const at = (assetId: string, file: string, token = tokens.sign(assetId, 'private')) =>
      cast.visitor.request(`/media/s/${token}/${assetId}/captions/${file}`);
    expect((await at(video.two, `${ofTwo}.vtt`)).status).toBe(200);
    const refused = {
      'token of the free video': [await at(video.two, `${ofTwo}.vtt`, tokens.sign(video.one, 'public')), 403],
      expired: [
        await at(video.two, `${ofTwo}.vtt`, tokens.signUntil(video.two, Math.floor(Date.now() / 1000) - 1)),
        403,
      ],
      'caption of another episode': [await at(video.two, `${ofOne}.vtt`), 404],
      'wrong extension': [await at(video.two, `${ofTwo}.srt`), 404],
      'path tricks': [await at(video.two, '..%2F..%2Fdarasa.sqlite'), 404],
    } as const;
    for (const [name, [res, status]] of Object.entries(refused)) {
      await res.arrayBuffer();
      expect([name, res.status]).toEqual([name, status]);
    }
  });

  it('lists captions in an offline download, beside the video files', async () => {
    const res = await cast.customer.request(`/api/offline/episodes/${ep.two}`);
    expect(res.status).toBe(200);
    const m = (await res.json()) as { options: { files: { path: string }[] }[] };
    for (const o of m.options) expect(o.files.filter((f) => f.path.startsWith('captions/')).length).toBe(2);
  });
});

describe('replacing and deleting captions', () => {
  it('gives a replaced file a new URL (the old one is gone) and deletes one language', async () => {
    const before = await tracksFor(cast.creator, video.two);
    expect((await upload(cast.creator, ep.two, 'en', `${VTT}\n00:03.000 --> 00:04.000\nSecond\n`)).body).toMatchObject({
      cues: 2,
    });
    const after = await tracksFor(cast.creator, video.two);
    if (typeof before === 'number' || typeof after === 'number') throw new Error('no tracks');
    expect(after[0]!.src).not.toBe(before[0]!.src);
    expect((await cast.visitor.request(before[0]!.src)).status).toBe(404);
    expect((await cast.visitor.request(after[0]!.src)).status).toBe(200);

    expect((await otherCreator.request(captionsPath(ep.two, 'en'), { method: 'DELETE' })).status).toBe(404);
    expect((await cast.creator.request(captionsPath(ep.two, 'en'), { method: 'DELETE' })).status).toBe(200);
    expect((await cast.creator.request(captionsPath(ep.two, 'en'), { method: 'DELETE' })).status).toBe(404);
    const left = await tracksFor(cast.customer, video.two);
    expect(typeof left !== 'number' && left.map((t) => t.language)).toEqual(['sw']);
  });
});
