// Course sections through the real server (issue 26, decision 0064): a creator names sections and moves
// lessons into them; each section's lessons stay consecutive in the one ordered list (so "the first lesson"
// is still the free preview); deleting a section keeps its lessons where they were; bad input and every
// role but the owner and an admin get a 4xx that changes nothing; the course page's and the learning page's
// data carry the headings (tests/e2e/courseSections.spec.ts shows them on a phone).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECTION_MESSAGES } from '#common/studio/sections.ts';
import { make } from '#tests/support/factories/index.ts';
import { type Client, postJson } from '#tests/support/httpClient.ts';
import { startCast, type Cast } from '#tests/support/cast.ts';
import { type Person, signedIn } from '#tests/support/signedIn.ts';
import { getLearnPage } from '#server/modules/learning/getLearnPage.ts';
import { getCoursePage } from '#server/modules/catalog/getCoursePage.ts';

const cleanups: (() => Promise<void>)[] = [];
let cast: Cast;
let learner: Person;
let otherCreator: Person;
let courseId: string;
let otherCourseId: string;
let lessons: string[];
let otherLesson: string;
let otherSection: string;

const db = () => cast.app.t.db;
const services = () => cast.app.running.services;
const sectionsUrl = (course = courseId) => `/api/studio/courses/${course}/sections`;
const send = async (c: Client, method: string, url: string, json?: unknown) => {
  const res = await c.request(url, { method, ...(json === undefined ? {} : { json }) });
  return { status: res.status, body: await res.json().catch(() => null) };
};
/** The course as the database has it: each lesson's title in order, with its section's title. */
async function outline(course = courseId) {
  const rows = await db()
    .selectFrom('episode')
    .leftJoin('courseSection', 'courseSection.id', 'episode.sectionId')
    .select(['episode.title', 'episode.position', 'courseSection.title as section'])
    .where('episode.courseId', '=', course)
    .orderBy('episode.position')
    .execute();
  return rows.map((r) => `${r.section ?? '-'}: ${r.title}`);
}
const sectionTitles = async () =>
  (
    await db()
      .selectFrom('courseSection')
      .select('title')
      .where('courseId', '=', courseId)
      .orderBy('position')
      .execute()
  ).map((s) => s.title);
const snapshot = async () => ({ outline: await outline(), sections: await sectionTitles() });

beforeAll(async () => {
  cast = await startCast(cleanups);
  learner = await signedIn(cast.app, 'customer');
  otherCreator = await signedIn(cast.app, 'creator');
  courseId = (await make.course(db(), { creator: { id: cast.creator.id, name: 'Wanjiku' } })).id;
  lessons = [];
  for (const [i, title] of ['Karibu', 'Bei', 'Wateja', 'Hesabu'].entries()) {
    const e = await make.episode(db(), { courseId, position: i + 1, title, kind: 'text', body: 'Soma hapa.' });
    lessons.push(e.id);
  }
  await make.enrollment(db(), { userId: learner.id, courseId });
  otherCourseId = (await make.course(db(), { creator: { id: otherCreator.id, name: 'Otieno' } })).id;
  otherLesson = (await make.episode(db(), { courseId: otherCourseId, position: 1, title: 'Nyingine' })).id;
  const made = await postJson(otherCreator, sectionsUrl(otherCourseId), { title: 'Yake' });
  expect(made.status).toBe(201);
  otherSection = made.body.id;
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('course sections', () => {
  let first: string;
  let second: string;

  it('refuses a name that is empty or too long, and changes nothing', async () => {
    const before = await snapshot();
    for (const [json, message] of [
      [{ title: '' }, SECTION_MESSAGES.titleRequired],
      [{ title: '    ' }, SECTION_MESSAGES.titleRequired],
      [{}, SECTION_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(81) }, SECTION_MESSAGES.titleTooLong],
    ] as const) {
      const r = await postJson(cast.creator, sectionsUrl(), json);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets the owner add sections and move lessons into them; each section stays together', async () => {
    const a = await postJson(cast.creator, sectionsUrl(), { title: '  Kuanza  ' });
    const b = await postJson(cast.creator, sectionsUrl(), { title: 'x'.repeat(80) });
    expect([a.status, b.status]).toEqual([201, 201]);
    [first, second] = [a.body.id, b.body.id];
    expect(await sectionTitles()).toEqual(['Kuanza', 'x'.repeat(80)]);
    const move = (lesson: string, sectionId: string | null) =>
      send(cast.creator, 'PUT', `/api/studio/courses/${courseId}/episodes/${lesson}/section`, { sectionId });
    // Lesson 3 to the second section, then lesson 2 to the first: the second section's lesson moves down.
    expect((await move(lessons[2]!, second)).status).toBe(200);
    expect((await move(lessons[1]!, first)).status).toBe(200);
    expect((await move(lessons[3]!, first)).status).toBe(200);
    const long = 'x'.repeat(80);
    expect(await outline()).toEqual(['-: Karibu', 'Kuanza: Bei', 'Kuanza: Hesabu', `${long}: Wateja`]);
    // A reorder that would split a section keeps it together (within it, the order asked for).
    const [karibu, bei, wateja, hesabu] = lessons as [string, string, string, string];
    const r = await send(cast.creator, 'PUT', `/api/studio/courses/${courseId}/episodes/order`, {
      episodeIds: [wateja, hesabu, karibu, bei],
    });
    expect(r.status).toBe(200);
    expect(await outline()).toEqual(['-: Karibu', 'Kuanza: Hesabu', 'Kuanza: Bei', `${long}: Wateja`]);
    // A new lesson is added at the end, so in the last section.
    const added = await postJson(cast.creator, `/api/studio/courses/${courseId}/episodes`, {
      kind: 'text',
      title: 'Muhtasari',
      body: 'Mwisho.',
    });
    expect(added.status).toBe(201);
    expect((await outline()).at(-1)).toBe(`${long}: Muhtasari`);
  });

  it('refuses a section or a lesson of another course, and an unknown id, changing nothing', async () => {
    const before = await snapshot();
    const url = (lesson: string) => `/api/studio/courses/${courseId}/episodes/${lesson}/section`;
    const cases = [
      await send(cast.creator, 'PUT', url(lessons[0]!), { sectionId: otherSection }),
      await send(cast.creator, 'PUT', url(otherLesson), { sectionId: first }),
      await send(cast.creator, 'PUT', url('not-an-id'), { sectionId: first }),
      await send(cast.creator, 'PUT', `${sectionsUrl()}/${otherSection}`, { title: 'Mine now' }),
      await send(cast.creator, 'DELETE', `${sectionsUrl()}/${otherSection}`),
      await send(cast.creator, 'PUT', url(lessons[0]!), { sectionId: 'unknown' }),
      await send(cast.creator, 'PUT', url(lessons[0]!), { sectionId: 42 }),
      await send(cast.creator, 'PUT', `${sectionsUrl()}/${first}`, { title: '' }),
    ];
    expect(cases.map((c) => c.status)).toEqual([404, 404, 404, 404, 404, 404, 400, 400]);
    expect(cases[0]!.body.error.message).toBe(SECTION_MESSAGES.sectionNotFound);
    expect(await snapshot()).toEqual(before);
    expect(await outline(otherCourseId)).toEqual(['-: Nyingine']);
  });

  it('answers every role but the owner and an admin with 401 or 404, changing nothing', async () => {
    const before = await snapshot();
    for (const [who, status] of [
      [cast.visitor, 401],
      [learner, 404],
      [otherCreator, 404],
    ] as const) {
      const answers = [
        await postJson(who, sectionsUrl(), { title: 'Intruder' }),
        await send(who, 'PUT', `${sectionsUrl()}/${first}`, { title: 'Intruder' }),
        await send(who, 'DELETE', `${sectionsUrl()}/${first}`),
        await send(who, 'PUT', `/api/studio/courses/${courseId}/episodes/${lessons[0]}/section`, { sectionId: first }),
      ];
      expect(answers.map((a) => a.status)).toEqual([status, status, status, status]);
    }
    expect(await snapshot()).toEqual(before);
    // An admin may (moderation): a rename, put back by the owner.
    expect((await send(cast.admin, 'PUT', `${sectionsUrl()}/${second}`, { title: 'Kuendelea' })).status).toBe(200);
    expect(await sectionTitles()).toEqual(['Kuanza', 'Kuendelea']);
  });

  it('shows the headings on the course page and the learning page, the free lesson still the first', async () => {
    const page = await getCoursePage(services(), null, { courseId });
    expect(page!.sections.map((s) => s.title)).toEqual(['Kuanza', 'Kuendelea']);
    expect(page!.episodes.map((e) => [e.order, e.title, e.sectionId])).toEqual([
      [1, 'Karibu', null],
      [2, 'Hesabu', first],
      [3, 'Bei', first],
      [4, 'Wateja', second],
      [5, 'Muhtasari', second],
    ]);
    expect(page!.episodes[0]!.text).not.toBeNull();
    const learn = await getLearnPage(services(), { userId: learner.id, role: 'customer' }, { courseId, order: 2 });
    expect(learn.status).toBe('ok');
    if (learn.status === 'ok') {
      expect(learn.page.sections.map((s) => s.title)).toEqual(['Kuanza', 'Kuendelea']);
      expect(learn.page.episodes.map((e) => e.sectionId)).toEqual([null, first, first, second, second]);
    }
  });

  it('deletes a section: its lessons join the one above, in the same order', async () => {
    const before = await outline();
    const r = await send(cast.creator, 'DELETE', `${sectionsUrl()}/${second}`);
    expect(r.status).toBe(200);
    expect(await sectionTitles()).toEqual(['Kuanza']);
    expect((await outline()).map((l) => l.split(': ')[1])).toEqual(before.map((l) => l.split(': ')[1]));
    expect(await outline()).toEqual([
      '-: Karibu',
      'Kuanza: Hesabu',
      'Kuanza: Bei',
      'Kuanza: Wateja',
      'Kuanza: Muhtasari',
    ]);
    // The first section's lessons go back to no section: the course looks as it did before sections.
    expect((await send(cast.creator, 'DELETE', `${sectionsUrl()}/${first}`)).status).toBe(200);
    expect((await outline()).every((l) => l.startsWith('-: '))).toBe(true);
    expect((await getCoursePage(services(), null, { courseId }))!.sections).toEqual([]);
  });
});
