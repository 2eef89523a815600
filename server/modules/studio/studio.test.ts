import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { DomainError, type ErrorCode } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { testServices } from '#tests/support/testServices.ts';
import type { Actor } from '#server/core/actor.ts';
import { addEpisode } from './addEpisode.ts';
import { createCourse } from './createCourse.ts';
import { deleteEpisode } from './deleteEpisode.ts';
import { getCourseForEditor } from './getCourseForEditor.ts';
import { getCreatorDashboard } from './getCreatorDashboard.ts';
import { reorderEpisodes } from './reorderEpisodes.ts';
import { LIMITS, STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { getCoursePage } from '../catalog/getCoursePage.ts';
import { updateCourse } from './updateCourse.ts';
import { updateEpisode } from './updateEpisode.ts';
import { make } from '#tests/support/factories/index.ts';
import { sampleQuiz } from '#tests/support/quizzes.ts';

let t: TestDatabase;
let services: Services;
let cacheClears = 0;
let owner: Actor, other: Actor, customer: Actor, admin: Actor;
const visitor: Actor = null;
let ownerUser: { id: string; name: string };

beforeAll(async () => {
  t = await createTestDatabase();
  services = testServices(t);
  services.catalogChanged = () => void cacheClears++;
  ownerUser = await make.user(t.db, { role: 'creator', name: 'Wanjiku' });
  owner = { userId: ownerUser.id, role: 'creator' };
  other = { userId: (await make.user(t.db, { role: 'creator' })).id, role: 'creator' };
  customer = { userId: (await make.user(t.db, { role: 'customer' })).id, role: 'customer' };
  admin = { userId: (await make.user(t.db, { role: 'admin' })).id, role: 'admin' };
});
afterAll(async () => {
  await t?.close();
});

const valid = { title: 'Kiswahili for beginners', description: 'Learn the basics', price: 1500, category: 'Education' };

async function expectError(p: Promise<unknown>, code: ErrorCode, message?: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).code).toBe(code);
  if (message) expect((err as DomainError).message).toBe(message);
}

const positions = async (courseId: string) =>
  (
    await t.db.selectFrom('episode').select('position').where('courseId', '=', courseId).orderBy('position').execute()
  ).map((e) => Number(e.position));

async function draftWithEpisodes(n: number) {
  const course = await make.course(t.db, { creator: ownerUser, published: false, publishedAt: null });
  for (let i = 1; i <= n; i++) await make.episode(t.db, { courseId: course.id, position: i });
  return course;
}

describe('createCourse', () => {
  it('creates a draft owned by the creator, text stored as typed', async () => {
    const { id } = await createCourse(services, owner, { ...valid, title: '<script>alert(1)</script> Intro' });
    const row = await t.db.selectFrom('course').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ creatorId: owner!.userId, creatorName: 'Wanjiku', category: 'education', price: 1500 });
    expect(row.title).toBe('<script>alert(1)</script> Intro');
    expect(Boolean(row.published)).toBe(false);
  });

  it('defaults the price to 0 and accepts a numeric string', async () => {
    const a = await createCourse(services, owner, { ...valid, price: undefined });
    const b = await createCourse(services, owner, { ...valid, price: '250' });
    const prices = await t.db.selectFrom('course').select(['id', 'price']).where('id', 'in', [a.id, b.id]).execute();
    expect(Object.fromEntries(prices.map((p) => [p.id, Number(p.price)]))).toEqual({ [a.id]: 0, [b.id]: 250 });
  });

  it.each([
    ['negative price', { price: -1 }, 'Price cannot be negative'],
    ['fractional price', { price: 10.5 }, 'Price must be a whole number of KES'],
    ['huge price', { price: 1e12 }, 'Price must be at most KES 1,000,000'],
    ['non-numeric price', { price: 'abc' }, 'Price must be a whole number of KES'],
    ['missing title', { title: '   ' }, STUDIO_MESSAGES.requiredFields],
    ['missing category', { category: '' }, STUDIO_MESSAGES.requiredFields],
    ['unknown category', { category: 'astrology' }, undefined],
    ['1 MB description', { description: 'x'.repeat(1024 * 1024) }, 'Description must be at most 5,000 characters'],
  ])('refuses a %s with a 400 and saves nothing', async (_name, over, message) => {
    const before = await t.db
      .selectFrom('course')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await expectError(createCourse(services, owner, { ...valid, ...over }), 'invalid_input', message);
    const after = await t.db
      .selectFrom('course')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('is for creators only', async () => {
    await expectError(createCourse(services, customer, valid), 'forbidden');
    await expectError(createCourse(services, visitor, valid), 'forbidden');
  });

  it("refuses another creator's or the wrong kind of file", async () => {
    const theirs = await make.asset(t.db, { ownerId: other!.userId, kind: 'image' });
    const video = await make.asset(t.db, { ownerId: owner!.userId, kind: 'video' });
    await expectError(createCourse(services, owner, { ...valid, thumbnailId: theirs }), 'invalid_input');
    await expectError(createCourse(services, owner, { ...valid, thumbnailId: video }), 'invalid_input');
  });
});

describe('updateCourse and publishing', () => {
  it('lets the owner or an admin allow instalments of 2 to 4 parts; anything else is a 400 that saves nothing', async () => {
    const course = await draftWithEpisodes(0);
    const max = async () =>
      Number(
        (await t.db.selectFrom('course').select('instalmentsMax').where('id', '=', course.id).executeTakeFirstOrThrow())
          .instalmentsMax,
      );
    await updateCourse(services, owner, { courseId: course.id, ...valid, instalmentsMax: 3 });
    expect(await max()).toBe(3);
    expect((await getCourseForEditor(services, owner, { courseId: course.id })).instalmentsMax).toBe(3);
    for (const bad of [1, 5, -2, 2.5, 'four', true])
      await expectError(
        updateCourse(services, owner, { courseId: course.id, ...valid, title: 'Changed', instalmentsMax: bad }),
        'invalid_input',
        'Instalments must be off, or 2 to 4 parts.',
      );
    expect(await max()).toBe(3);
    for (const actor of [other, customer, visitor])
      await expectError(
        updateCourse(services, actor, { courseId: course.id, ...valid, instalmentsMax: 4 }),
        'not_found',
      );
    await updateCourse(services, admin, { courseId: course.id, ...valid, instalmentsMax: 0 });
    expect(await max()).toBe(0);
  });

  it('saves for the owner and an admin; others get a 404 and nothing changes', async () => {
    const course = await draftWithEpisodes(0);
    const clears = cacheClears;
    await updateCourse(services, owner, { courseId: course.id, ...valid, title: 'By owner' });
    expect(cacheClears).toBe(clears + 1);
    await updateCourse(services, admin, { courseId: course.id, ...valid, title: 'By admin' });
    for (const actor of [other, customer, visitor]) {
      await expectError(updateCourse(services, actor, { courseId: course.id, ...valid, title: 'Hijack' }), 'not_found');
    }
    const row = await t.db
      .selectFrom('course')
      .select(['title', 'creatorId'])
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'By admin', creatorId: owner!.userId });
  });

  it('says what is missing before publishing, then publishes', async () => {
    const course = await draftWithEpisodes(0);
    await expectError(
      updateCourse(services, owner, { courseId: course.id, ...valid, published: true }),
      'invalid_input',
      'Before publishing, please add a thumbnail, at least one episode with a ready video, a text lesson, a quiz or a PDF.',
    );
    const thumb = await make.asset(t.db, { ownerId: owner!.userId, kind: 'image' });
    const processing = await make.asset(t.db, { ownerId: owner!.userId, kind: 'video', status: 'processing' });
    await addEpisode(services, owner, { courseId: course.id, title: 'One', videoId: processing });
    await expectError(
      updateCourse(services, owner, { courseId: course.id, ...valid, thumbnailId: thumb, published: true }),
      'invalid_input',
      'Before publishing, please add at least one episode with a ready video, a text lesson, a quiz or a PDF.',
    );
    await t.db.updateTable('mediaAsset').set({ status: 'ready' }).where('id', '=', processing).execute();
    await updateCourse(services, owner, { courseId: course.id, ...valid, thumbnailId: thumb, published: true });
    const row = await t.db
      .selectFrom('course')
      .select(['published', 'publishedAt'])
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.published)).toBe(true);
    expect(row.publishedAt).not.toBeNull();
  });
});

describe('publishing a course of quizzes (decision 0058)', () => {
  it('publishes a course whose only lesson is a quiz, and refuses one whose only lesson is a video still processing', async () => {
    const course = await draftWithEpisodes(0);
    const thumb = await make.asset(t.db, { ownerId: owner!.userId, kind: 'image' });
    const processing = await make.asset(t.db, { ownerId: owner!.userId, kind: 'video', status: 'processing' });
    await addEpisode(services, owner, { courseId: course.id, title: 'Still processing', videoId: processing });
    const publish = () =>
      updateCourse(services, owner, { courseId: course.id, ...valid, thumbnailId: thumb, published: true });
    await expectError(
      publish(),
      'invalid_input',
      'Before publishing, please add at least one episode with a ready video, a text lesson, a quiz or a PDF.',
    );
    await addEpisode(services, owner, { courseId: course.id, kind: 'quiz', title: 'Check', quiz: sampleQuiz() });
    await publish();
    const row = await t.db
      .selectFrom('course')
      .select('published')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.published)).toBe(true);
  });
});

describe('episodes', () => {
  it('adds with order = count + 1 and the duration measured from the video', async () => {
    const course = await draftWithEpisodes(2);
    const video = await make.asset(t.db, { ownerId: owner!.userId, kind: 'video' });
    await t.db
      .updateTable('mediaAsset')
      .set({ meta: JSON.stringify({ duration: 93.4 }) })
      .where('id', '=', video)
      .execute();
    const r = await addEpisode(services, owner, { courseId: course.id, title: 'Three', videoId: video });
    expect(r.order).toBe(3);
    const c = await t.db
      .selectFrom('course')
      .select(['lessonsCount', 'duration'])
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect({ lessons: Number(c.lessonsCount), duration: Number(c.duration) }).toEqual({
      lessons: 3,
      duration: 120 + 93,
    });
  });

  it('needs a title and a video', async () => {
    const course = await draftWithEpisodes(0);
    await expectError(
      addEpisode(services, owner, { courseId: course.id, title: 'No video' }),
      'invalid_input',
      STUDIO_MESSAGES.episodeRequired,
    );
    const video = await make.asset(t.db, { ownerId: owner!.userId, kind: 'video' });
    await expectError(
      addEpisode(services, owner, { courseId: course.id, title: '', videoId: video }),
      'invalid_input',
      STUDIO_MESSAGES.episodeRequired,
    );
    expect(await positions(course.id)).toEqual([]);
  });

  it('answers 404 to everyone but the owner and admins, for every episode operation', async () => {
    const course = await draftWithEpisodes(2);
    const [e1] = await t.db
      .selectFrom('episode')
      .select('id')
      .where('courseId', '=', course.id)
      .orderBy('position')
      .execute();
    const video = await make.asset(t.db, { ownerId: owner!.userId, kind: 'video' });
    for (const actor of [other, customer, visitor]) {
      await expectError(addEpisode(services, actor, { courseId: course.id, title: 'x', videoId: video }), 'not_found');
      await expectError(
        updateEpisode(services, actor, { courseId: course.id, episodeId: e1!.id, title: 'x', videoId: video }),
        'not_found',
      );
      await expectError(reorderEpisodes(services, actor, { courseId: course.id, episodeIds: [e1!.id] }), 'not_found');
      await expectError(deleteEpisode(services, actor, { courseId: course.id, episodeId: e1!.id }), 'not_found');
      await expectError(getCourseForEditor(services, actor, { courseId: course.id }), 'not_found');
    }
    expect(await positions(course.id)).toEqual([1, 2]);
    await addEpisode(services, admin, { courseId: course.id, title: 'By admin', videoId: video });
    expect(await positions(course.id)).toEqual([1, 2, 3]);
  });

  it('edits an episode', async () => {
    const course = await draftWithEpisodes(1);
    const [e1] = await t.db.selectFrom('episode').select('id').where('courseId', '=', course.id).execute();
    const video = await make.asset(t.db, { ownerId: owner!.userId, kind: 'video' });
    await updateEpisode(services, owner, {
      courseId: course.id,
      episodeId: e1!.id,
      title: 'Renamed',
      description: '<b>bold</b>',
      videoId: video,
    });
    const ed = await getCourseForEditor(services, owner, { courseId: course.id });
    expect(ed.episodes[0]).toMatchObject({ title: 'Renamed', description: '<b>bold</b>', order: 1 });
    expect(ed.episodes[0]!.video?.id).toBe(video);
  });

  it('reorders, and refuses a stale or partial list', async () => {
    const course = await draftWithEpisodes(3);
    const ids = (
      await t.db.selectFrom('episode').select('id').where('courseId', '=', course.id).orderBy('position').execute()
    ).map((e) => e.id);
    await reorderEpisodes(services, owner, { courseId: course.id, episodeIds: [ids[2], ids[0], ids[1]] });
    const ed = await getCourseForEditor(services, owner, { courseId: course.id });
    expect(ed.episodes.map((e) => [e.id, e.order])).toEqual([
      [ids[2], 1],
      [ids[0], 2],
      [ids[1], 3],
    ]);
    await expectError(
      reorderEpisodes(services, owner, { courseId: course.id, episodeIds: [ids[0], ids[1]] }),
      'conflict',
    );
    await expectError(
      reorderEpisodes(services, owner, { courseId: course.id, episodeIds: [ids[0], ids[0], ids[1]] }),
      'conflict',
    );
    expect(await positions(course.id)).toEqual([1, 2, 3]);
  });

  it('deletes and closes the gap', async () => {
    const course = await draftWithEpisodes(4);
    const ids = (
      await t.db.selectFrom('episode').select('id').where('courseId', '=', course.id).orderBy('position').execute()
    ).map((e) => e.id);
    await deleteEpisode(services, owner, { courseId: course.id, episodeId: ids[1] });
    expect(await positions(course.id)).toEqual([1, 2, 3]);
    const c = await t.db
      .selectFrom('course')
      .select('lessonsCount')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(Number(c.lessonsCount)).toBe(3);
    await expectError(deleteEpisode(services, owner, { courseId: course.id, episodeId: ids[1] }), 'not_found');
  });

  it('keeps the last playable episode of a published course', async () => {
    const thumb = await make.asset(t.db, { ownerId: owner!.userId, kind: 'image' });
    const video = await make.asset(t.db, { ownerId: owner!.userId, kind: 'video' });
    const course = await make.course(t.db, { creator: ownerUser, published: true, thumbnailId: thumb });
    const only = await make.episode(t.db, { courseId: course.id, position: 1, videoId: video });
    await expectError(deleteEpisode(services, owner, { courseId: course.id, episodeId: only.id }), 'conflict');
    expect(await positions(course.id)).toEqual([1]);
    await updateCourse(services, owner, { courseId: course.id, ...valid, thumbnailId: thumb, published: false });
    await deleteEpisode(services, owner, { courseId: course.id, episodeId: only.id });
    expect(await positions(course.id)).toEqual([]);
  });

  it('keeps orders 1..n when adds and deletes race', async () => {
    const course = await draftWithEpisodes(3);
    const ids = (
      await t.db.selectFrom('episode').select('id').where('courseId', '=', course.id).orderBy('position').execute()
    ).map((e) => e.id);
    const videos = await Promise.all(
      Array.from({ length: 6 }, () => make.asset(t.db, { ownerId: owner!.userId, kind: 'video' })),
    );
    await Promise.all([
      ...videos.map((videoId, i) => addEpisode(services, owner, { courseId: course.id, title: `Racer ${i}`, videoId })),
      deleteEpisode(services, owner, { courseId: course.id, episodeId: ids[0] }),
      deleteEpisode(services, owner, { courseId: course.id, episodeId: ids[2] }),
    ]);
    expect(await positions(course.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const c = await t.db
      .selectFrom('course')
      .select('lessonsCount')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(Number(c.lessonsCount)).toBe(7);
  });
});

describe('getCreatorDashboard', () => {
  it("lists only the creator's own courses with their status", async () => {
    const d = await getCreatorDashboard(services, other);
    expect(d.courses).toEqual([]);
    expect(d.totals).toEqual({ courses: 0, published: 0, students: 0, revenue: 0 });
    const mine = await getCreatorDashboard(services, owner);
    expect(mine.totals.courses).toBe(mine.courses.length);
    expect(mine.courses.every((c) => typeof c.published === 'boolean')).toBe(true);
    await expectError(getCreatorDashboard(services, customer), 'forbidden');
  });

  it('counts the same learners in the "Students" total as in its rows, each learner once in the total', async () => {
    // A seeded creator whose course counter says 241 (as the demo catalogue seeds it) while two learners
    // are enrolled; one of them in her second course too.
    const creator = await make.user(t.db, { role: 'creator' });
    const popular = await make.course(t.db, { creator, enrolledCount: 241 });
    const second = await make.course(t.db, { creator, enrolledCount: 0 });
    const [amani, baraka] = await Promise.all([
      make.user(t.db, { role: 'customer' }),
      make.user(t.db, { role: 'customer' }),
    ]);
    await make.enrollment(t.db, { userId: amani.id, courseId: popular.id });
    await make.enrollment(t.db, { userId: baraka.id, courseId: popular.id });
    await make.enrollment(t.db, { userId: amani.id, courseId: second.id });
    // Someone else's course and learner count for nobody here.
    const { course: elsewhere } = await make.creatorWithCourse(t.db);
    await make.enrollment(t.db, { userId: (await make.user(t.db)).id, courseId: elsewhere.id });

    const d = await getCreatorDashboard(services, { userId: creator.id, role: 'creator' });
    const rows = Object.fromEntries(d.courses.map((c) => [c.id, c.enrolledCount]));
    expect(rows).toEqual({ [popular.id]: 2, [second.id]: 1 });
    expect(d.totals.students).toBe(2);
  });
});

describe('course page facts', () => {
  it('keeps "What you will learn" and "Requirements" as lines, blank lines dropped, for the editor and the page', async () => {
    const course = await draftWithEpisodes(0);
    await updateCourse(services, owner, {
      courseId: course.id,
      ...valid,
      outcomes: 'Greet in Kiswahili\n\n  Count to 100  \r\nBargain at the market',
      requirements: ['A phone with data', ''],
    });
    const editor = await getCourseForEditor(services, owner, { courseId: course.id });
    expect(editor.outcomes).toEqual(['Greet in Kiswahili', 'Count to 100', 'Bargain at the market']);
    expect(editor.requirements).toEqual(['A phone with data']);
    const page = await getCoursePage(services, owner, { courseId: course.id });
    expect(page).toMatchObject({ outcomes: editor.outcomes, requirements: editor.requirements });
  });

  it('refuses too many or too long lines with a message, and keeps what was saved', async () => {
    const course = await draftWithEpisodes(0);
    await updateCourse(services, owner, { courseId: course.id, ...valid, outcomes: ['Kept'] });
    const tooMany = Array.from({ length: LIMITS.factLines + 1 }, (_, i) => `Line ${i}`);
    await expectError(
      updateCourse(services, owner, { courseId: course.id, ...valid, outcomes: tooMany }),
      'invalid_input',
      'What you will learn: at most 12 lines',
    );
    await expectError(
      updateCourse(services, owner, { courseId: course.id, ...valid, requirements: ['x'.repeat(LIMITS.factLine + 1)] }),
      'invalid_input',
      'Requirements: each line must be at most 160 characters',
    );
    await expectError(
      updateCourse(services, owner, { courseId: course.id, ...valid, requirements: { evil: true } }),
      'invalid_input',
    );
    expect((await getCourseForEditor(services, owner, { courseId: course.id })).outcomes).toEqual(['Kept']);
  });

  it('reads a course saved before the lists existed (or with a damaged list) as having none', async () => {
    const course = await draftWithEpisodes(0);
    await t.db
      .updateTable('course')
      .set({ outcomes: 'not json', requirements: '{"a":1}' })
      .where('id', '=', course.id)
      .execute();
    expect(await getCourseForEditor(services, owner, { courseId: course.id })).toMatchObject({
      outcomes: [],
      requirements: [],
    });
  });
});
