// Arranging a course in the studio through the real server (issue 26, decision 0069): sections move, and
// the lessons without a section move like one (no longer always first), the lessons following their group;
// a lesson's files are renamed and reordered. A stale or bad list, an empty or over-long name: a 4xx that
// changes nothing; only the course's creator and admins may (a visitor 401, anyone else the course's 404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_FILE_MESSAGES } from '#common/studio/lessonFiles.ts';
import { SECTION_MESSAGES } from '#common/studio/sections.ts';
import { getCoursePage } from '#server/modules/catalog/getCoursePage.ts';
import { make } from '#tests/support/factories/index.ts';
import type { Client } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { EMPTY_ZIP } from '#tests/support/lessonFiles.ts';
import { type Person, signedIn } from '#tests/support/signedIn.ts';
import { uploadWhole } from '#tests/support/tus.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let learner: Person;
let otherCreator: Person;
let courseId: string;
/** Sections A and B; lessons: one without a section, two in A, one in B. */
let sectionA: string;
let sectionB: string;
let lessonWithFiles: string;
let files: string[];

const db = () => cast.app.t.db;
const studio = (path: string) => `/api/studio/courses/${courseId}${path}`;
const send = async (c: Client, method: string, url: string, json?: unknown) => {
  const res = await c.request(url, { method, ...(json === undefined ? {} : { json }) });
  return { status: res.status, body: await res.json().catch(() => null) };
};
/** Each lesson in course order with its section's title ('-': none). */
async function outline() {
  const rows = await db()
    .selectFrom('episode')
    .leftJoin('courseSection', 'courseSection.id', 'episode.sectionId')
    .select(['episode.title', 'courseSection.title as section'])
    .where('episode.courseId', '=', courseId)
    .orderBy('episode.position')
    .execute();
  return rows.map((r) => `${r.section ?? '-'}: ${r.title}`);
}
async function fileNames() {
  const rows = await db()
    .selectFrom('lessonResource')
    .select('name')
    .where('episodeId', '=', lessonWithFiles)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.name);
}
const snapshot = async () => ({ outline: await outline(), files: await fileNames() });

/** Every role but the owner: who they are and what they get. */
const strangers = () =>
  [
    [cast.visitor, 401],
    [learner, 404],
    [otherCreator, 404],
  ] as const;

beforeAll(async () => {
  cast = await startCast(cleanups);
  learner = await signedIn(cast.app, 'customer');
  otherCreator = await signedIn(cast.app, 'creator');
  courseId = (await make.course(db(), { creator: { id: cast.creator.id, name: 'Wanjiku' }, published: false })).id;
  await make.enrollment(db(), { userId: learner.id, courseId });
  const ids: string[] = [];
  for (const [i, title] of ['Karibu', 'Bei', 'Wateja', 'Hesabu'].entries())
    ids.push((await make.episode(db(), { courseId, position: i + 1, title, kind: 'text', body: 'Soma.' })).id);
  [sectionA, sectionB] = [
    (await send(cast.creator, 'POST', studio('/sections'), { title: 'A' })).body.id,
    (await send(cast.creator, 'POST', studio('/sections'), { title: 'B' })).body.id,
  ];
  for (const [id, sectionId] of [
    [ids[1], sectionA],
    [ids[2], sectionA],
    [ids[3], sectionB],
  ] as const)
    expect((await send(cast.creator, 'PUT', studio(`/episodes/${id}/section`), { sectionId })).status).toBe(200);
  lessonWithFiles = ids[1]!;
  files = [];
  for (const name of ['Slides', 'Code', 'Worksheet']) {
    const { res, id: assetId } = await uploadWhole(cast.creator, { kind: 'resource', filename: 'f.zip' }, EMPTY_ZIP);
    expect(res.status).toBe(204);
    const added = await send(cast.creator, 'POST', studio(`/episodes/${lessonWithFiles}/resources`), { assetId, name });
    expect(added.status).toBe(201);
    files.push(added.body.id);
  }
  expect(await outline()).toEqual(['-: Karibu', 'A: Bei', 'A: Wateja', 'B: Hesabu']);
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('reordering sections', () => {
  it('moves sections, and the lessons without a section like one: the lessons follow their group', async () => {
    const moved = await send(cast.creator, 'PUT', studio('/section-order'), { order: [sectionB, null, sectionA] });
    expect([moved.status, moved.body.message]).toEqual([200, SECTION_MESSAGES.sectionsMoved]);
    expect(await outline()).toEqual(['B: Hesabu', '-: Karibu', 'A: Bei', 'A: Wateja']);
    // The course page's data: the free first lesson is whichever is first now, and the groups in that order.
    const page = await getCoursePage(
      cast.app.running.services,
      { userId: cast.creator.id, role: 'creator' },
      { courseId },
    );
    expect(page?.episodes.map((e) => [e.order, e.title, e.sectionId])).toEqual([
      [1, 'Hesabu', sectionB],
      [2, 'Karibu', null],
      [3, 'Bei', sectionA],
      [4, 'Wateja', sectionA],
    ]);
    // The lessons without a section last: a lesson added now joins them (the end of the list).
    expect(
      (await send(cast.creator, 'PUT', studio('/section-order'), { order: [sectionB, sectionA, null] })).status,
    ).toBe(200);
    expect(await outline()).toEqual(['B: Hesabu', 'A: Bei', 'A: Wateja', '-: Karibu']);
    const added = await send(cast.creator, 'POST', studio('/episodes'), {
      kind: 'text',
      title: 'Mwisho',
      body: 'Soma.',
    });
    expect(added.status).toBe(201);
    expect(await outline()).toEqual(['B: Hesabu', 'A: Bei', 'A: Wateja', '-: Karibu', '-: Mwisho']);
    expect((await send(cast.creator, 'DELETE', studio(`/episodes/${added.body.id}`))).status).toBe(200);
  });

  it('deleting a section keeps the order learners see: its lessons join the group above', async () => {
    expect(
      (await send(cast.creator, 'PUT', studio('/section-order'), { order: [sectionA, null, sectionB] })).status,
    ).toBe(200);
    expect(await outline()).toEqual(['A: Bei', 'A: Wateja', '-: Karibu', 'B: Hesabu']);
    const extra = (await send(cast.creator, 'POST', studio('/sections'), { title: 'C' })).body.id;
    // C is empty and last; deleting B (below the lessons without a section) gives its lesson to them.
    expect((await send(cast.creator, 'DELETE', studio(`/sections/${sectionB}`))).status).toBe(200);
    expect(await outline()).toEqual(['A: Bei', 'A: Wateja', '-: Karibu', '-: Hesabu']);
    expect((await send(cast.creator, 'DELETE', studio(`/sections/${extra}`))).status).toBe(200);
    // Section B back (empty), after everything, for the tests below.
    sectionB = (await send(cast.creator, 'POST', studio('/sections'), { title: 'B' })).body.id;
    expect(
      (await send(cast.creator, 'PUT', studio('/section-order'), { order: [sectionA, null, sectionB] })).status,
    ).toBe(200);
  });

  it('refuses a stale or malformed order (409, 400) and anyone but the creator and admins, changing nothing', async () => {
    const before = await snapshot();
    for (const [order, status, message] of [
      [[sectionA], 409, SECTION_MESSAGES.sectionsChanged],
      [[sectionA, sectionB], 409, SECTION_MESSAGES.sectionsChanged],
      [[sectionA, null, null], 409, SECTION_MESSAGES.sectionsChanged],
      [[sectionA, sectionA, null], 409, SECTION_MESSAGES.sectionsChanged],
      [[null, sectionB, sectionA, 'AAAAAAAAAAAAAAAA'], 409, SECTION_MESSAGES.sectionsChanged],
      [[], 400, SECTION_MESSAGES.sectionOrderRequired],
      ['nope', 400, SECTION_MESSAGES.sectionOrderRequired],
      [['../x', null], 400, SECTION_MESSAGES.sectionNotFound],
    ] as const) {
      const res = await send(cast.creator, 'PUT', studio('/section-order'), { order });
      expect([res.status, res.body.error.message], JSON.stringify(order)).toEqual([status, message]);
    }
    for (const [c, status] of strangers())
      expect((await send(c, 'PUT', studio('/section-order'), { order: [null, sectionB, sectionA] })).status).toBe(
        status,
      );
    expect(await snapshot()).toEqual(before);
    const byAdmin = await send(cast.admin, 'PUT', studio('/section-order'), { order: [sectionA, sectionB, null] });
    expect(byAdmin.status).toBe(200);
    expect(await outline()).toEqual(['A: Bei', 'A: Wateja', '-: Karibu', '-: Hesabu']);
  });
});

describe('a lesson’s files', () => {
  const fileUrl = (id: string) => studio(`/episodes/${lessonWithFiles}/resources/${id}`);
  const orderUrl = () => studio(`/episodes/${lessonWithFiles}/resources/order`);

  it('are renamed, and learners see the new name', async () => {
    const res = await send(cast.creator, 'PUT', fileUrl(files[0]!), { name: '  Slaidi za somo  ' });
    expect([res.status, res.body.message]).toEqual([200, LESSON_FILE_MESSAGES.resourceRenamed]);
    expect(await fileNames()).toEqual(['Slaidi za somo', 'Code', 'Worksheet']);
    const byAdmin = await send(cast.admin, 'PUT', fileUrl(files[1]!), { name: 'Msimbo' });
    expect(byAdmin.status).toBe(200);
    expect(await fileNames()).toEqual(['Slaidi za somo', 'Msimbo', 'Worksheet']);
  });

  it('are reordered', async () => {
    const res = await send(cast.creator, 'PUT', orderUrl(), { resourceIds: [files[2], files[0], files[1]] });
    expect([res.status, res.body.message]).toEqual([200, LESSON_FILE_MESSAGES.resourcesReordered]);
    expect(await fileNames()).toEqual(['Worksheet', 'Slaidi za somo', 'Msimbo']);
  });

  it('refuse a bad name or a stale list, unknown files and anyone but the creator and admins, changing nothing', async () => {
    const before = await snapshot();
    for (const [name, message] of [
      ['   ', LESSON_FILE_MESSAGES.resourceNameRequired],
      ['x'.repeat(121), LESSON_FILE_MESSAGES.resourceNameTooLong],
      [42, LESSON_FILE_MESSAGES.resourceNameRequired],
    ] as const) {
      const res = await send(cast.creator, 'PUT', fileUrl(files[0]!), { name });
      expect([res.status, res.body.error.message]).toEqual([400, message]);
    }
    for (const resourceIds of [
      [files[0], files[1]],
      [files[0], files[0], files[1]],
      [...files, 'AAAAAAAAAAAAAAAA'],
    ]) {
      const res = await send(cast.creator, 'PUT', orderUrl(), { resourceIds });
      expect([res.status, res.body.error.message]).toEqual([409, LESSON_FILE_MESSAGES.resourcesChanged]);
    }
    const empty = await send(cast.creator, 'PUT', orderUrl(), { resourceIds: [] });
    expect([empty.status, empty.body.error.message]).toEqual([400, LESSON_FILE_MESSAGES.resourceOrderRequired]);
    // A file of another lesson, or no file at all: not found.
    const elsewhere = studio(`/episodes/${(await outline()).length && files[0]}/resources/${files[0]}`);
    expect((await send(cast.creator, 'PUT', elsewhere, { name: 'X' })).status).toBe(404);
    expect((await send(cast.creator, 'PUT', fileUrl('AAAAAAAAAAAAAAAA'), { name: 'X' })).status).toBe(404);
    for (const [c, status] of strangers()) {
      expect((await send(c, 'PUT', fileUrl(files[0]!), { name: 'Yangu' })).status).toBe(status);
      expect((await send(c, 'PUT', orderUrl(), { resourceIds: [...files].reverse() })).status).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });
});
