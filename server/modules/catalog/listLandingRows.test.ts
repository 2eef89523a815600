import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/testDatabase.ts';
import { makeCourse, makeUser } from '../../../tests/support/factories.ts';
import { listLandingRows } from './listLandingRows.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.close();
});

const titles = async () => (await listLandingRows(t.db)).rows.map((r) => r.title);

async function publishCourses(n: number, over: Parameters<typeof makeCourse>[2] = {}) {
  const creator = await makeUser(t.db);
  for (let i = 0; i < n; i++) await makeCourse(t.db, creator, over);
  return creator;
}

describe('landing rows', () => {
  it('is empty with no published course, and drafts never count', async () => {
    await publishCourses(5, { published: false });
    const landing = await listLandingRows(t.db);
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
    const landing = await listLandingRows(t.db);
    const trending = landing.rows.find((r) => r.key === 'trending')!.courses;
    expect(trending).toHaveLength(12);
    const dates = trending.map((c) => c.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(landing.hero?.id).toBe(trending[0]!.id);
  });

  it('orders Popular by enrolled students', async () => {
    const creator = await makeUser(t.db);
    for (const n of [5, 50, 0, 20]) await makeCourse(t.db, creator, { enrolledCount: n });
    const popular = (await listLandingRows(t.db)).rows.find((r) => r.key === 'popular')!.courses;
    expect(popular.map((c) => c.enrolledCount)).toEqual([50, 20, 5, 0]);
  });

  it('fills category rows and leaves out unpublished courses', async () => {
    const creator = await makeUser(t.db);
    await makeCourse(t.db, creator, { category: 'health', title: 'Yoga' });
    await makeCourse(t.db, creator, { category: 'health', title: 'Hidden', published: false });
    const rows = (await listLandingRows(t.db)).rows;
    const health = rows.find((r) => r.title === 'Health')!;
    expect(health.courses.map((c) => c.title)).toEqual(['Yoga']);
    expect(rows.flatMap((r) => r.courses).some((c) => c.title === 'Hidden')).toBe(false);
    expect(rows.find((r) => r.title === 'Business')).toBeUndefined();
  });
});
