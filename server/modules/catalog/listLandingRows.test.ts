import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import type { Services } from '#server/core/services.ts';
import { testServices } from '#tests/support/testServices.ts';
import { newId } from '#server/lib/ids.ts';
import { listLandingRows } from './listLandingRows.ts';
import { TRENDING_WINDOW_DAYS } from './listTrendingInTx.ts';
import { type CourseOptions, make } from '#tests/support/factories/index.ts';

let t: TestDatabase;
let services: Services;
beforeEach(async () => {
  t = await createTestDatabase();
  services = testServices(t);
});
afterEach(async () => {
  await t.close();
});

const titles = async () => (await listLandingRows(services, null)).rows.map((r) => r.title);

async function publishCourses(n: number, over: Partial<CourseOptions> = {}) {
  const creator = await make.user(t.db);
  for (let i = 0; i < n; i++) await make.course(t.db, { creator, ...over });
  return creator;
}

describe('landing rows', () => {
  it('is empty with no published course, and drafts never count', async () => {
    await publishCourses(5, { published: false });
    const landing = await listLandingRows(services, null);
    expect(landing.hero).toBeNull();
    expect(landing.rows).toEqual([]);
  });

  it('shows "Popular on Darasa" only with more than 3 courses', async () => {
    await publishCourses(3);
    expect(await titles()).not.toContain('Popular on Darasa');
    await publishCourses(1);
    expect(await titles()).toContain('Popular on Darasa');
  });

  it('shows "New Releases" only with more than 6 courses', async () => {
    await publishCourses(6);
    expect(await titles()).not.toContain('New Releases');
    await publishCourses(1);
    expect(await titles()).toContain('New Releases');
  });

  it('orders Trending newest first, caps rows at 12 and picks the newest as hero', async () => {
    await publishCourses(14);
    const landing = await listLandingRows(services, null);
    const trending = landing.rows.find((r) => r.key === 'trending')!.courses;
    expect(trending).toHaveLength(12);
    const dates = trending.map((c) => c.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(landing.hero?.id).toBe(trending[0]!.id);
  });

  it('orders Popular by enrolled students', async () => {
    const creator = await make.user(t.db);
    for (const n of [5, 50, 0, 20]) await make.course(t.db, { creator, enrolledCount: n });
    const popular = (await listLandingRows(services, null)).rows.find((r) => r.key === 'popular')!.courses;
    expect(popular.map((c) => c.enrolledCount)).toEqual([50, 20, 5, 0]);
  });

  it('fills category rows and leaves out unpublished courses', async () => {
    const creator = await make.user(t.db);
    await make.course(t.db, { creator, category: 'health', title: 'Yoga' });
    await make.course(t.db, { creator, category: 'health', title: 'Hidden', published: false });
    const rows = (await listLandingRows(services, null)).rows;
    const health = rows.find((r) => r.title === 'Health')!;
    expect(health.courses.map((c) => c.title)).toEqual(['Yoga']);
    expect(rows.flatMap((r) => r.courses).some((c) => c.title === 'Hidden')).toBe(false);
    expect(rows.find((r) => r.title === 'Business')).toBeUndefined();
  });

  it('orders Trending by recent enrollments and views, Popular by all enrollments, New Releases by publication', async () => {
    const creator = await make.user(t.db);
    const day = 86_400_000;
    const now = Date.now();
    // Published long ago, many students long ago: popular, not trending.
    const classic = await make.course(t.db, {
      creator,
      title: 'Classic',
      enrolledCount: 500,
      publishedAt: new Date(now - 400 * day),
    });
    // Recently busy: trending.
    const hot = await make.course(t.db, {
      creator,
      title: 'Hot',
      enrolledCount: 3,
      publishedAt: new Date(now - 200 * day),
    });
    const viewed = await make.course(t.db, {
      creator,
      title: 'Viewed',
      enrolledCount: 1,
      publishedAt: new Date(now - 300 * day),
    });
    // Just published, quiet.
    await make.course(t.db, { creator, title: 'Fresh', publishedAt: new Date(now - day) });
    for (let i = 0; i < 4; i++)
      await make.course(t.db, { creator, title: `Filler ${i}`, publishedAt: new Date(now - (100 + i) * day) });
    const learner = await make.user(t.db, { role: 'customer' });
    const enroll = (courseId: string, at: number) =>
      t.db
        .insertInto('enrollment')
        .values({ id: newId(), userId: learner.id, courseId, paymentId: null, createdAt: new Date(at) })
        .execute();
    await enroll(hot.id, now - 2 * day);
    await enroll(classic.id, now - (TRENDING_WINDOW_DAYS + 5) * day); // outside the window
    const view = (courseId: string, kind: string, at: number) =>
      t.db
        .insertInto('viewEvent')
        .values({ courseId, episodeId: null, kind, seconds: 0, userId: null, createdAt: new Date(at) })
        .execute();
    for (let i = 0; i < 3; i++) await view(viewed.id, 'trailer_view', now - day);
    await view(classic.id, 'watch', now - day); // watching time is not a trailer or preview view

    const rows = (await listLandingRows(services, null)).rows;
    const order = (key: string) => rows.find((r) => r.key === key)!.courses.map((c) => c.title);
    expect(order('trending').slice(0, 3)).toEqual(['Hot', 'Viewed', 'Filler 3']);
    expect(order('trending')).toHaveLength(8);
    expect(order('popular').slice(0, 3)).toEqual(['Classic', 'Hot', 'Viewed']);
    expect(order('new').slice(0, 2)).toEqual(['Fresh', 'Filler 0']);
  });
});
