import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { DomainError } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { testServices } from '#tests/support/testServices.ts';
import { make } from '#tests/support/factories/index.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { addEpisode } from './addEpisode.ts';
import { updateEpisode } from './updateEpisode.ts';
import { updateCourse } from './updateCourse.ts';
import { previewLessonText } from './previewLessonText.ts';
import { renderMarkdown } from '#server/lib/renderMarkdown.ts';
import { getCourseForEditor } from './getCourseForEditor.ts';
import { getCoursePage } from '../catalog/getCoursePage.ts';
import { getLearnPage } from '../learning/getLearnPage.ts';
import { saveProgress } from '../learning/saveProgress.ts';

// Text lessons (issue 26) from the studio to the learner: stored sanitised, publishable without a video,
// read in place of the player, the first one free whatever its kind, completed by reading.

let t: TestDatabase;
let services: Services;
let owner: Actor, other: Actor, learner: Actor, stranger: Actor, admin: Actor;
const visitor: Actor = null;
let ownerUser: { id: string; name: string };

const hostile =
  '# Karibu\n\n<script>window.pwned = 1</script>\n\n[click](javascript:alert(1)) <iframe src="https://evil.example"></iframe>\n\n![x](data:image/png;base64,AAAA)';

beforeAll(async () => {
  t = await createTestDatabase();
  services = testServices(t);
  ownerUser = await make.user(t.db, { role: 'creator', name: 'Wanjiku' });
  owner = { userId: ownerUser.id, role: 'creator' };
  other = { userId: (await make.user(t.db, { role: 'creator' })).id, role: 'creator' };
  learner = { userId: (await make.user(t.db, { role: 'customer' })).id, role: 'customer' };
  stranger = { userId: (await make.user(t.db, { role: 'customer' })).id, role: 'customer' };
  admin = { userId: (await make.user(t.db, { role: 'admin' })).id, role: 'admin' };
});
afterAll(async () => {
  await t?.close();
});

async function codeOf(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return { code: (err as DomainError).code, message: (err as DomainError).message };
}

const draft = () => make.course(t.db, { creator: ownerUser, published: false, publishedAt: null });

describe('text lessons in the studio', () => {
  it('adds a text lesson without a video, its Markdown kept and its HTML rendered inert', async () => {
    const course = await draft();
    const { id } = await addEpisode(services, owner, {
      courseId: course.id,
      kind: 'text',
      title: 'Read me',
      body: hostile,
    });
    const row = await t.db.selectFrom('episode').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'text', body: hostile, videoId: null });
    expect(Number(row.duration)).toBe(0);
    expect(row.bodyHtml).toContain('<h1>Karibu</h1>');
    expect(row.bodyHtml).not.toMatch(/<(script|iframe)|href="javascript:|src="data:/i);
    const editor = await getCourseForEditor(services, owner, { courseId: course.id });
    expect(editor.episodes[0]).toMatchObject({ kind: 'text', body: hostile, video: null });
  });

  it('needs a title and the text for a text lesson, a video for a video lesson, a recording for an audio lesson; unknown kinds are refused', async () => {
    const course = await draft();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'text', title: 'No text', body: '   ' }, STUDIO_MESSAGES.textLessonRequired],
      [{ kind: 'video', title: 'No video' }, STUDIO_MESSAGES.episodeRequired],
      [{ kind: 'podcast', title: 'Later', body: 'x' }, 'Unknown lesson type'],
      [{ kind: 'audio', title: 'No recording', body: 'x' }, STUDIO_MESSAGES.audioLessonRequired],
      [{ kind: 'text', title: 'Long', body: 'x'.repeat(50_001) }, 'The text must be at most 50,000 characters'],
    ];
    for (const [input, message] of cases)
      expect(await codeOf(addEpisode(services, owner, { courseId: course.id, ...input }))).toEqual({
        code: 'invalid_input',
        message,
      });
    const n = await t.db.selectFrom('episode').select('id').where('courseId', '=', course.id).execute();
    expect(n).toHaveLength(0);
  });

  it('lets only the owner and admins add or edit; switching kinds drops the other kind’s content', async () => {
    const course = await draft();
    for (const actor of [other, learner, visitor])
      expect(
        (await codeOf(addEpisode(services, actor, { courseId: course.id, kind: 'text', title: 'X', body: 'y' }))).code,
      ).toBe('not_found');
    const video = await make.asset(t.db, { ownerId: ownerUser.id, kind: 'video' });
    const { id } = await addEpisode(services, admin, { courseId: course.id, title: 'Video', videoId: video });
    const episode = { courseId: course.id, episodeId: id };
    for (const actor of [other, learner, visitor])
      expect(
        (await codeOf(updateEpisode(services, actor, { ...episode, kind: 'text', title: 'X', body: 'y' }))).code,
      ).toBe('not_found');
    await updateEpisode(services, owner, { ...episode, kind: 'text', title: 'Now text', body: 'Soma *hii*.' });
    let row = await t.db.selectFrom('episode').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'text', videoId: null, bodyHtml: '<p>Soma <em>hii</em>.</p>\n' });
    await updateEpisode(services, owner, { ...episode, title: 'Video again', videoId: video, body: 'ignored' });
    row = await t.db.selectFrom('episode').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'video', videoId: video, body: '', bodyHtml: '' });
  });

  it('publishes a course whose only lesson is a text lesson', async () => {
    const course = await draft();
    const thumb = await make.asset(t.db, { ownerId: ownerUser.id, kind: 'image' });
    await addEpisode(services, owner, { courseId: course.id, kind: 'text', title: 'Only text', body: 'Hello' });
    await updateCourse(services, owner, {
      courseId: course.id,
      title: 'Text course',
      description: 'All reading',
      price: 500,
      category: 'Education',
      thumbnailId: thumb,
      published: true,
    });
    const row = await t.db
      .selectFrom('course')
      .select('published')
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.published)).toBe(true);
  });
});

describe('text lessons for learners', () => {
  async function publishedTextCourse() {
    const course = await make.course(t.db, { creator: ownerUser });
    const first = await addEpisode(services, owner, {
      courseId: course.id,
      kind: 'text',
      title: 'Intro',
      body: hostile,
    });
    const video = await make.asset(t.db, { ownerId: ownerUser.id, kind: 'video' });
    await addEpisode(services, owner, { courseId: course.id, title: 'Watch', videoId: video });
    const third = await addEpisode(services, owner, {
      courseId: course.id,
      kind: 'text',
      title: 'Wrap-up',
      body: 'neno '.repeat(400),
    });
    await make.enrollment(t.db, { userId: learner!.userId, courseId: course.id });
    return { course, first, third };
  }

  it('reads the first lesson free on the course page whatever its kind; the others are not there', async () => {
    const { course } = await publishedTextCourse();
    for (const actor of [visitor, stranger, learner]) {
      const page = await getCoursePage(services, actor, { courseId: course.id });
      expect(page?.episodes.map((e) => [e.kind, e.readingMinutes])).toEqual([
        ['text', 1],
        ['video', 0],
        ['text', 2],
      ]);
      expect(page?.episodes[0]?.text).toContain('<h1>Karibu</h1>');
      expect(page?.episodes[2]?.text).toBeNull();
    }
  });

  it('shows an enrolled learner the text in place of the player, with next and previous across kinds', async () => {
    const { course } = await publishedTextCourse();
    const result = await getLearnPage(services, learner, { courseId: course.id, order: 1 });
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.page.current).toMatchObject({ kind: 'text', source: null, readingMinutes: 1 });
    expect(result.page.current.html).toContain('<h1>Karibu</h1>');
    expect(result.page.next).toBe(2);
    const last = await getLearnPage(services, learner, { courseId: course.id, order: 3 });
    if (last.status !== 'ok') throw new Error(last.status);
    expect(last.page.prev).toBe(2);
    for (const actor of [visitor, stranger])
      expect((await getLearnPage(services, actor, { courseId: course.id, order: 3 })).status).toBe('no-access');
  });

  it('completes a text lesson when read; only those who may read it can say so', async () => {
    const { first, third } = await publishedTextCourse();
    expect(await saveProgress(services, learner, { episodeId: third.id, position: 0 })).toEqual({ completed: true });
    expect((await codeOf(saveProgress(services, stranger, { episodeId: third.id, position: 0 }))).code).toBe(
      'not_found',
    );
    expect((await codeOf(saveProgress(services, visitor, { episodeId: first.id, position: 0 }))).code).toBe(
      'unauthenticated',
    );
    const rows = await t.db
      .selectFrom('progress')
      .select(['userId', 'completed', 'position'])
      .where('episodeId', '=', third.id)
      .execute();
    expect(rows.map((r) => [r.userId, Boolean(r.completed), Number(r.position)])).toEqual([[learner!.userId, true, 0]]);
  });
});

describe('previewLessonText', () => {
  it('renders for the owner and admins exactly as a save would; others get a 404', async () => {
    const course = await draft();
    for (const actor of [owner, admin])
      expect(await previewLessonText(services, actor, { courseId: course.id, body: hostile })).toEqual({
        html: renderMarkdown(hostile),
      });
    for (const actor of [other, learner, visitor])
      expect((await codeOf(previewLessonText(services, actor, { courseId: course.id, body: 'x' }))).code).toBe(
        'not_found',
      );
    expect(await codeOf(previewLessonText(services, owner, { courseId: course.id, body: 5 }))).toEqual({
      code: 'invalid_input',
      message: STUDIO_MESSAGES.textLessonRequired,
    });
  });
});
