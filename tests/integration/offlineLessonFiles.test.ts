// A lesson's PDF and resources in offline downloads, through the real server (issue 26, decision 0064): the
// manifest lists them with their sizes, inside every option's files and bytes; a PDF lesson without video
// downloads as its files alone; the addresses serve exactly those bytes, and fetching them for a download
// (`?dl=1`) does not count as opening the PDF lesson; who may download them is who may take the lesson.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeReadyVideo } from '../support/makeReadyVideo.ts';
import { make } from '#tests/support/factories/index.ts';
import { type Client, getJson, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { type Person, signedIn } from '#tests/support/signedIn.ts';
import { uploadWhole } from '#tests/support/tus.ts';
import { makePdf } from '#tests/support/lessonFiles.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let courseId: string;
let stranger: Person;
let otherCreator: Person;
let video: string;
let handout: string;
let textLesson: string;
let pdf: Uint8Array;
let png: Buffer;

const db = () => cast.app.t.db;
async function uploaded(kind: string, bytes: Uint8Array, filename: string) {
  const { res, id } = await uploadWhole(cast.creator, { kind, filename }, bytes);
  expect(res.status).toBe(204);
  return id;
}
async function attach(episodeId: string, name: string) {
  const r = await postJson(cast.creator, `/api/studio/courses/${courseId}/episodes/${episodeId}/resources`, {
    assetId: await uploaded('resource', png, `${name}.png`),
    name,
  });
  expect(r.status).toBe(201);
  return r.body.id as string;
}
const manifest = (c: Client, episodeId: string) => getJson(c, `/api/offline/episodes/${episodeId}`);
const completed = async (episodeId: string) =>
  (
    await db()
      .selectFrom('progress')
      .select('completed')
      .where('userId', '=', cast.customer.id)
      .where('episodeId', '=', episodeId)
      .executeTakeFirst()
  )?.completed;

beforeAll(async () => {
  cast = await startCast(cleanups);
  stranger = await signedIn(cast.app, 'customer');
  otherCreator = await signedIn(cast.app, 'creator');
  const owner = { id: cast.creator.id, name: 'Wanjiku' };
  courseId = (await make.course(db(), { creator: owner })).id;
  pdf = await makePdf('Mpango');
  png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#335577' } })
    .png()
    .toBuffer();
  video = (
    await make.episode(db(), {
      courseId,
      position: 1,
      duration: 6,
      videoId: await makeReadyVideo(db(), cast.app.t.dataDir, owner.id),
    })
  ).id;
  const added = await postJson(cast.creator, `/api/studio/courses/${courseId}/episodes`, {
    kind: 'pdf',
    title: 'Mpango wa biashara',
    pdfId: await uploaded('pdf', pdf, 'mpango.pdf'),
  });
  expect(added.status).toBe(201);
  handout = added.body.id;
  textLesson = (await make.episode(db(), { courseId, position: 3, kind: 'text', title: 'Soma', body: 'Soma.' })).id;
  await make.enrollment(db(), { userId: cast.customer.id, courseId });
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('lesson files in downloads', () => {
  it('adds a video lesson’s resources to every quality, sizes included, served as the learner’s own', async () => {
    const resourceId = await attach(video, 'Karatasi');
    const { status, body } = await manifest(cast.customer, video);
    expect(status).toBe(200);
    expect(body.lessonFiles).toEqual([
      {
        path: `files/resources/${resourceId}`,
        url: `/api/learning/files/${video}/resources/${resourceId}`,
        name: 'Karatasi',
        type: 'png',
        bytes: png.byteLength,
      },
    ]);
    for (const o of body.options) {
      expect(o.files).toContainEqual(body.lessonFiles[0]);
      expect(o.bytes).toBe(o.files.reduce((sum: number, f: { bytes: number }) => sum + f.bytes, 0));
    }
    const res = await cast.customer.request(`${body.lessonFiles[0].url}?dl=1`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('downloads a PDF lesson as its files alone, without opening (completing) it', async () => {
    const resourceId = await attach(handout, 'Mfano');
    const { status, body } = await manifest(cast.customer, handout);
    expect(status).toBe(200);
    expect([body.assetId, body.base]).toEqual([handout, null]);
    expect(body.lessonFiles.map((f: { path: string; type: string }) => [f.path, f.type])).toEqual([
      ['files/pdf', 'pdf'],
      [`files/resources/${resourceId}`, 'png'],
    ]);
    expect(body.options).toEqual([
      { quality: 'files', master: '', files: body.lessonFiles, bytes: pdf.byteLength + png.byteLength },
    ]);
    const fetched = await cast.customer.request(`${body.lessonFiles[0].url}?dl=1`);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    expect(await completed(handout)).toBeUndefined();
    // Opening it (no `dl`) still completes the lesson, as before.
    await (await cast.customer.request(body.lessonFiles[0].url)).arrayBuffer();
    expect(await completed(handout)).toBeTruthy();
  });

  it('has nothing to download for a lesson without video or files', async () => {
    expect((await manifest(cast.customer, textLesson)).status).toBe(404);
  });

  it('gives the files to whoever may take the lesson, and a 401 or 404 to anyone else', async () => {
    expect((await manifest(cast.visitor, handout)).status).toBe(401);
    expect((await manifest(stranger, handout)).status).toBe(404);
    expect((await manifest(otherCreator, handout)).status).toBe(404);
    expect((await manifest(cast.creator, handout)).status).toBe(200);
    expect((await manifest(cast.admin, handout)).status).toBe(200);
    const { body } = await manifest(cast.customer, handout);
    for (const who of [cast.visitor, stranger, otherCreator])
      for (const f of body.lessonFiles) expect((await who.request(`${f.url}?dl=1`)).status).toBe(404);
  });
});
