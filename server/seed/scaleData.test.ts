import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBool, toNum } from '../db/values.ts';
import { CATEGORIES } from '#common/catalog/categories.ts';
import { getCoursePage } from '../modules/catalog/getCoursePage.ts';
import { listLandingRows } from '../modules/catalog/listLandingRows.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { loadScaleData, type ScaleResult } from './scaleData.ts';

let t: TestDatabase;
let result: ScaleResult;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  result = await loadScaleData(t.db, t.dialect, { courses: 1_200, episodes: 12_345, log: (l) => lines.push(l) });
});
afterAll(async () => {
  await t?.close();
});

describe('loadScaleData', () => {
  it('loads exactly the requested numbers and reports its time', async () => {
    const count = async (table: 'course' | 'episode') =>
      toNum(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([await count('course'), await count('episode')]).toEqual([1_200, 12_345]);
    expect(result).toMatchObject({ courses: 1_200, episodes: 12_345 });
    expect(lines.at(-1)).toMatch(/1200 courses and 12345 episodes loaded on (sqlite|postgres) in [\d.]+ s/);
  });

  it('spreads courses over every category, drafts and published, free and paid, and many dates', async () => {
    const courses = await t.db
      .selectFrom('course')
      .select(['category', 'published', 'price', 'createdAt', 'creatorId'])
      .execute();
    expect(new Set(courses.map((c) => c.category))).toEqual(new Set(CATEGORIES));
    const published = courses.filter((c) => toBool(c.published)).length;
    expect(published).toBeGreaterThan(courses.length * 0.7);
    expect(published).toBeLessThan(courses.length);
    expect(courses.some((c) => toNum(c.price) === 0)).toBe(true);
    expect(courses.every((c) => Number.isInteger(toNum(c.price)) && toNum(c.price) >= 0)).toBe(true);
    expect(new Set(courses.map((c) => String(c.createdAt))).size).toBeGreaterThan(courses.length * 0.99);
    expect(new Set(courses.map((c) => c.creatorId)).size).toBeGreaterThan(1);
  });

  it('keeps every course consistent with its episodes: count, total duration and positions 1..n', async () => {
    const mismatched = await t.db
      .selectFrom('course')
      .leftJoin('episode', 'episode.courseId', 'course.id')
      .select(['course.id', 'course.lessonsCount', 'course.duration'])
      .select((eb) => [
        eb.fn.count('episode.id').as('n'),
        eb.fn.coalesce(eb.fn.sum('episode.duration'), sql.lit(0)).as('total'),
        eb.fn.coalesce(eb.fn.max('episode.position'), sql.lit(0)).as('last'),
      ])
      .groupBy(['course.id', 'course.lessonsCount', 'course.duration'])
      .execute();
    const bad = mismatched.filter(
      (r) =>
        toNum(r.n) !== toNum(r.lessonsCount) || toNum(r.total) !== toNum(r.duration) || toNum(r.last) !== toNum(r.n),
    );
    expect(bad).toEqual([]);
  });

  it('serves the landing rows and a course page from the loaded catalog', async () => {
    const landing = await listLandingRows(testServices(t), null);
    expect(landing.rows.map((r) => r.title)).toEqual(
      expect.arrayContaining([
        'Trending Now',
        'Popular on Darasa',
        'New Releases',
        'Business',
        'Technology',
        'Creative Arts',
        'Health',
      ]),
    );
    expect(landing.rows.every((r) => r.courses.length === 12)).toBe(true);
    const page = await getCoursePage(testServices(t), null, { courseId: landing.hero!.id });
    expect(page).toBeTruthy();
  });

  it('adds to what is there when run again (fresh ids, no clashes)', async () => {
    await loadScaleData(t.db, t.dialect, { courses: 10, episodes: 30, log: () => {} });
    const n = await t.db
      .selectFrom('course')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(toNum(n.n)).toBe(1_210);
  });
});
