// PDF lessons and lesson resources through the real server (issue 26, decision 0060): the file's type from
// its bytes and its size refused with their words, nothing kept; who may open a lesson's files (the same
// rule as the lesson: the free first lesson, enrolled learners, its creator, admins; a 404 for anyone else);
// opening a PDF lesson completes it; at most 10 resources; deleting a resource or a lesson deletes the files;
// publishing accepts a PDF lesson.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_FILE_MESSAGES } from '#common/studio/lessonFiles.ts';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '#common/uploads/uploadRules.ts';
import { make } from '#tests/support/factories/index.ts';
import { type Client, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { type Person, signedIn } from '#tests/support/signedIn.ts';
import { tusCreate, uploadWhole } from '#tests/support/tus.ts';
import { EMPTY_ZIP, makePdf } from '#tests/support/lessonFiles.ts';
import { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
import type { Actor } from '#server/core/actor.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let courseId: string;
let learner: Person;
let otherCreator: Person;
let pdf: Uint8Array;
let png: Buffer;
/** Lesson 1 (free) and lesson 2 (enrolled learners only), both PDF lessons; lesson 2 has a resource. */
let free: string;
let paid: string;
let resourceId: string;

const db = () => cast.app.t.db;
const filesDir = () => path.join(cast.app.t.dataDir, 'files');
const storedFiles = () => (fs.existsSync(filesDir()) ? fs.readdirSync(filesDir()).sort() : []);
const assetCount = async () => (await db().selectFrom('mediaAsset').select('id').execute()).length;

async function upload(c: Client, kind: string, bytes: Uint8Array, filename: string) {
  const { res, id } = await uploadWhole(c, { kind, filename }, bytes);
  return { status: res.status, body: await res.text(), id };
}
async function uploaded(kind: string, bytes: Uint8Array, filename: string, by: Client = cast.creator) {
  const r = await upload(by, kind, bytes, filename);
  expect(r.status, r.body).toBe(204);
  return r.id;
}
const addLesson = (c: Client, json: unknown) => postJson(c, `/api/studio/courses/${courseId}/episodes`, json);
const addResource = (c: Client, episodeId: string, json: unknown) =>
  postJson(c, `/api/studio/courses/${courseId}/episodes/${episodeId}/resources`, json);
const get = (c: Client, url: string, headers: Record<string, string> = {}) => c.request(url, { headers });
const pdfUrl = (episodeId: string) => `/api/learning/files/${episodeId}/pdf`;
const resourceUrl = (episodeId: string, id: string) => `/api/learning/files/${episodeId}/resources/${id}`;

beforeAll(async () => {
  cast = await startCast(cleanups);
  learner = await signedIn(cast.app, 'customer');
  otherCreator = await signedIn(cast.app, 'creator');
  const thumbnailId = await make.asset(db(), { ownerId: cast.creator.id, kind: 'image' });
  courseId = (await make.course(db(), { creator: { id: cast.creator.id, name: 'Wanjiku' }, thumbnailId })).id;
  await make.enrollment(db(), { userId: learner.id, courseId });
  pdf = await makePdf();
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#225588' } })
    .png()
    .toBuffer();
  const first = await addLesson(cast.creator, {
    kind: 'pdf',
    title: 'Free handout',
    pdfId: await uploaded('pdf', pdf, 'free.pdf'),
  });
  const second = await addLesson(cast.creator, {
    kind: 'pdf',
    title: 'Mpango wa biashara',
    pdfId: await uploaded('pdf', pdf, 'plan.pdf'),
  });
  expect([first.status, second.status]).toEqual([201, 201]);
  [free, paid] = [first.body.id, second.body.id];
  const added = await addResource(cast.creator, paid, {
    assetId: await uploaded('resource', png, 'chart.png'),
    name: 'Sales chart',
  });
  expect(added.status).toBe(201);
  resourceId = added.body.id;
}, 120_000);
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('uploading a PDF or a resource', () => {
  it('refuses a file whose bytes are not of its kind (422) or too big (413), with its words, keeping nothing', async () => {
    const before = { assets: await assetCount(), files: storedFiles() };
    const text = new TextEncoder().encode('%PD not quite a pdf, just text');
    const cases: [string, Uint8Array, string, string][] = [
      ['pdf', png, 'looks-like.pdf', UPLOAD_MESSAGES.notPdf],
      ['pdf', EMPTY_ZIP, 'archive.pdf', UPLOAD_MESSAGES.notPdf],
      ['pdf', text, 'notes.pdf', UPLOAD_MESSAGES.notPdf],
      ['resource', text, 'notes.zip', UPLOAD_MESSAGES.notResource],
    ];
    for (const [kind, bytes, name, message] of cases) {
      const r = await upload(cast.creator, kind, bytes, name);
      expect([r.status, r.body]).toEqual([422, message]);
    }
    for (const kind of ['pdf', 'resource'] as const) {
      const res = await tusCreate(cast.creator, { kind, filename: 'big.pdf' }, UPLOAD_LIMITS[kind].maxBytes + 1);
      expect([res.status, await res.text()]).toEqual([413, UPLOAD_MESSAGES.tooLarge(kind)]);
    }
    expect(UPLOAD_MESSAGES.tooLarge('pdf')).toBe('File size should be less than 20MB');
    expect(UPLOAD_MESSAGES.tooLarge('resource')).toBe('File size should be less than 25MB');
    expect({ assets: await assetCount(), files: storedFiles() }).toEqual(before);
  });

  it('keeps a real PDF, PNG or ZIP as it came, ready at once, with its size', async () => {
    for (const [kind, bytes, type] of [
      ['pdf', pdf, 'pdf'],
      ['resource', EMPTY_ZIP, 'zip'],
      ['resource', pdf, 'pdf'],
    ] as const) {
      const id = await uploaded(kind, bytes, `file.${type}`);
      const row = await db().selectFrom('mediaAsset').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kind, status: 'ready', ownerId: cast.creator.id });
      expect(JSON.parse(row.meta)).toEqual({ fileName: `file.${type}`, size: bytes.length, type });
      expect(new Uint8Array(fs.readFileSync(path.join(filesDir(), `${id}.${type}`)))).toEqual(new Uint8Array(bytes));
    }
  });
});

describe('making a PDF lesson', () => {
  it('needs its PDF: none, a resource, an image or another creator’s PDF is refused (400), nothing stored', async () => {
    const count = async () =>
      (await db().selectFrom('episode').select('id').where('courseId', '=', courseId).execute()).length;
    const before = await count();
    const theirs = await uploaded('pdf', pdf, 'theirs.pdf', otherCreator);
    const resource = await uploaded('resource', pdf, 'resource.pdf');
    const image = await uploaded('image', png, 'image.png');
    const none = await addLesson(cast.creator, { kind: 'pdf', title: 'No file' });
    expect([none.status, none.body.error.message]).toEqual([400, LESSON_FILE_MESSAGES.pdfLessonRequired]);
    for (const pdfId of [theirs, resource, image]) {
      const res = await addLesson(cast.creator, { kind: 'pdf', title: 'Wrong file', pdfId });
      expect([res.status, res.body.error.message]).toEqual([
        400,
        'That file could not be used. Please upload it again.',
      ]);
    }
    expect(await count()).toBe(before);
  });

  it('shows the PDF and the resources in the editor', async () => {
    const editor = await cast.creator.request(`/api/studio/courses/${courseId}`).then((r) => r.json());
    const lesson = editor.episodes.find((e: { id: string }) => e.id === paid);
    expect(lesson).toMatchObject({
      kind: 'pdf',
      video: null,
      pdf: { kind: 'pdf', fileName: 'plan.pdf', size: pdf.length },
    });
    expect(lesson.resources).toEqual([{ id: resourceId, name: 'Sales chart', type: 'png', size: png.length }]);
  });

  it('lets a course whose only lesson is a PDF lesson be published', async () => {
    const draft = await make.course(db(), {
      creator: { id: cast.creator.id, name: 'Wanjiku' },
      published: false,
      thumbnailId: await make.asset(db(), { ownerId: cast.creator.id, kind: 'image' }),
    });
    const lesson = await postJson(cast.creator, `/api/studio/courses/${draft.id}/episodes`, {
      kind: 'pdf',
      title: 'Only a handout',
      pdfId: await uploaded('pdf', pdf, 'only.pdf'),
    });
    expect(lesson.status).toBe(201);
    const form = { title: draft.title, description: 'A course', price: 500, category: 'business' };
    const res = await cast.creator.request(`/api/studio/courses/${draft.id}`, {
      method: 'PUT',
      json: { ...form, thumbnailId: draft.thumbnailId, published: true },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const row = await db().selectFrom('course').select('published').where('id', '=', draft.id).executeTakeFirst();
    expect(Boolean(row?.published)).toBe(true);
  });
});

describe('who may open a lesson’s files', () => {
  it('serves the PDF and the resource to enrolled learners, the creator and admins; 404 to anyone else', async () => {
    const cases: [string, Client, number][] = [
      ['visitor', cast.visitor, 404],
      ['learner not enrolled', cast.customer, 404],
      ['another creator', otherCreator, 404],
      ['enrolled learner', learner, 200],
      ['the course’s creator', cast.creator, 200],
      ['admin', cast.admin, 200],
    ];
    for (const [who, c, status] of cases) {
      for (const url of [pdfUrl(paid), resourceUrl(paid, resourceId)]) {
        const res = await get(c, url);
        expect([who, url, res.status]).toEqual([who, url, status]);
        if (status === 404) expect((await res.json()).error.message).toBe(LESSON_FILE_MESSAGES.fileNotFound);
        else await res.arrayBuffer();
      }
    }
  });

  it('serves the free first lesson’s PDF to everyone, visitors included', async () => {
    const res = await get(cast.visitor, pdfUrl(free));
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(pdf));
  });

  it('opens the PDF in the browser (application/pdf, inline) and downloads it with ?download=1; a resource always downloads', async () => {
    const open = await get(learner, pdfUrl(paid));
    expect(open.headers.get('content-type')).toBe('application/pdf');
    expect(open.headers.get('content-disposition')).toBe(
      `inline; filename="Mpango wa biashara.pdf"; filename*=UTF-8''Mpango%20wa%20biashara.pdf`,
    );
    expect(open.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(new Uint8Array(pdf));
    const download = await get(learner, `${pdfUrl(paid)}?download=1`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Mpango wa biashara.pdf"/);
    await download.arrayBuffer();
    const resource = await get(learner, resourceUrl(paid, resourceId));
    expect(resource.headers.get('content-type')).toBe('image/png');
    expect(resource.headers.get('content-disposition')).toMatch(/^attachment; filename="Sales chart.png"/);
    expect(Buffer.from(await resource.arrayBuffer())).toEqual(png);
    const ranged = await get(learner, pdfUrl(paid), { range: 'bytes=0-3' });
    expect([ranged.status, await ranged.text()]).toEqual([206, '%PDF']);
  });

  it('answers 404 for a resource asked for under another lesson, and for ids that are not ids', async () => {
    for (const url of [
      resourceUrl(free, resourceId),
      resourceUrl(paid, 'nope'),
      pdfUrl('../etc'),
      pdfUrl('x'.repeat(16)),
    ])
      expect((await get(cast.admin, url)).status).toBe(404);
  });

  it('completes a PDF lesson for the learner who opens it', async () => {
    const someone = await signedIn(cast.app, 'customer');
    await make.enrollment(db(), { userId: someone.id, courseId });
    const progress = () =>
      db()
        .selectFrom('progress')
        .select('completed')
        .where('userId', '=', someone.id)
        .where('episodeId', '=', paid)
        .executeTakeFirst();
    expect(await progress()).toBeUndefined();
    await (await get(someone, `${pdfUrl(paid)}?download=1`)).arrayBuffer();
    expect(Boolean((await progress())?.completed)).toBe(true);
  });

  it('gives the learning page the PDF’s size and the resources', async () => {
    const actor = { userId: learner.id, role: 'customer' as const };
    const r = await getLearnPage(cast.app.running.services, actor as Actor, { courseId, order: 2 });
    expect(r.status === 'ok' && r.page.current).toMatchObject({
      kind: 'pdf',
      pdf: { size: pdf.length },
      resources: [{ id: resourceId, name: 'Sales chart', type: 'png', size: png.length }],
    });
  });
});

describe('a lesson’s resources in the studio', () => {
  it('lets only the course’s creator and admins add or remove them', async () => {
    const assetId = await uploaded('resource', pdf, 'x.pdf', otherCreator);
    const before = await db().selectFrom('lessonResource').select('id').execute();
    expect((await addResource(otherCreator, paid, { assetId, name: 'Mine' })).status).toBe(404);
    expect((await addResource(cast.customer, paid, { assetId, name: 'Mine' })).status).toBe(404);
    expect((await addResource(cast.visitor, paid, { assetId, name: 'Mine' })).status).toBe(401);
    // The creator cannot attach someone else's upload either.
    const theirs = await addResource(cast.creator, paid, { assetId, name: 'Theirs' });
    expect([theirs.status, theirs.body.error.message]).toEqual([
      400,
      'That file could not be used. Please upload it again.',
    ]);
    for (const c of [otherCreator, cast.customer, learner]) {
      const res = await c.request(`/api/studio/courses/${courseId}/episodes/${paid}/resources/${resourceId}`, {
        method: 'DELETE',
      });
      expect(res.status).toBe(404);
    }
    expect(await db().selectFrom('lessonResource').select('id').execute()).toEqual(before);
  });

  it('refuses a nameless resource and an eleventh one, with their words', async () => {
    const lesson = (await addLesson(cast.creator, { kind: 'text', title: 'Many files', body: 'Read me' })).body.id;
    const assetId = await uploaded('resource', EMPTY_ZIP, 'a.zip');
    const nameless = await addResource(cast.creator, lesson, { assetId, name: '  ' });
    expect([nameless.status, nameless.body.error.message]).toEqual([400, LESSON_FILE_MESSAGES.resourceNameRequired]);
    for (let i = 1; i <= 10; i++) {
      const r = await addResource(cast.admin, lesson, {
        assetId: await uploaded('resource', EMPTY_ZIP, `${i}.zip`),
        name: `File ${i}`,
      });
      expect(r.status).toBe(201);
    }
    const eleventh = await addResource(cast.creator, lesson, { assetId, name: 'One too many' });
    expect([eleventh.status, eleventh.body.error.message]).toEqual([409, LESSON_FILE_MESSAGES.tooManyResources]);
  });

  it('deletes the file with the resource', async () => {
    const assetId = await uploaded('resource', EMPTY_ZIP, 'gone.zip');
    const { body } = await addResource(cast.creator, paid, { assetId, name: 'Soon gone' });
    expect(storedFiles()).toContain(`${assetId}.zip`);
    const res = await cast.creator.request(`/api/studio/courses/${courseId}/episodes/${paid}/resources/${body.id}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect(storedFiles()).not.toContain(`${assetId}.zip`);
    expect(
      await db().selectFrom('mediaAsset').select('id').where('id', '=', assetId).executeTakeFirst(),
    ).toBeUndefined();
    expect((await get(learner, resourceUrl(paid, body.id))).status).toBe(404);
  });
});

describe('editing a PDF lesson', () => {
  it('deletes the old PDF when it is replaced, and when the lesson becomes a text lesson', async () => {
    const first = await uploaded('pdf', pdf, 'first.pdf');
    const lesson = (await addLesson(cast.creator, { kind: 'pdf', title: 'Changing', pdfId: first })).body.id;
    const put = (json: unknown) =>
      cast.creator.request(`/api/studio/courses/${courseId}/episodes/${lesson}`, { method: 'PUT', json });
    const second = await uploaded('pdf', pdf, 'second.pdf');
    expect((await put({ kind: 'pdf', title: 'Changing', pdfId: second })).status).toBe(200);
    expect(storedFiles()).not.toContain(`${first}.pdf`);
    expect(storedFiles()).toContain(`${second}.pdf`);
    expect((await put({ kind: 'text', title: 'Changing', body: 'Now text', pdfId: second })).status).toBe(200);
    expect(storedFiles()).not.toContain(`${second}.pdf`);
    const row = await db().selectFrom('episode').select(['kind', 'pdfId']).where('id', '=', lesson).executeTakeFirst();
    expect(row).toEqual({ kind: 'text', pdfId: null });
    expect((await get(cast.creator, pdfUrl(lesson))).status).toBe(404);
  });
});

describe('deleting a lesson', () => {
  it('deletes its PDF and its resources, rows and files', async () => {
    const pdfId = await uploaded('pdf', pdf, 'bye.pdf');
    const lesson = (await addLesson(cast.creator, { kind: 'pdf', title: 'Short-lived', pdfId })).body.id;
    const assetId = await uploaded('resource', png, 'bye.png');
    expect((await addResource(cast.creator, lesson, { assetId, name: 'Bye' })).status).toBe(201);
    expect(storedFiles()).toEqual(expect.arrayContaining([`${pdfId}.pdf`, `${assetId}.png`]));
    const res = await cast.creator.request(`/api/studio/courses/${courseId}/episodes/${lesson}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(storedFiles()).not.toContain(`${pdfId}.pdf`);
    expect(storedFiles()).not.toContain(`${assetId}.png`);
    expect(await db().selectFrom('lessonResource').select('id').where('episodeId', '=', lesson).execute()).toEqual([]);
    expect(await db().selectFrom('mediaAsset').select('id').where('id', 'in', [pdfId, assetId]).execute()).toEqual([]);
  });
});
