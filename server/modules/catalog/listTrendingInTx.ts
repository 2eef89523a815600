import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import { publishedCards, type CardRow } from './courseCard.ts';

/** Trending looks at the last two weeks (decision 0024): long enough for a small catalog, short enough to move. */
export const TRENDING_WINDOW_DAYS = 14;
/** An enrollment says more than a trailer or preview view. */
const ENROLLMENT_WEIGHT = 5;
/** Courses read from each recent-activity ranking before weighing them together. */
const LEADERS = 100;

/**
 * "Trending Now": published courses by recent activity (enrollments and trailer/preview views in the
 * window, weighed), then, to fill the row, the newest ones — so a quiet marketplace still has the row.
 */
export async function listTrendingInTx(
  trx: Kysely<DB>,
  { limit, now }: { limit: number; now: Date },
): Promise<CardRow[]> {
  const since = new Date(now.getTime() - TRENDING_WINDOW_DAYS * 86_400_000);
  const [enrollments, views, newest] = await Promise.all([
    trx
      .selectFrom('enrollment')
      .select(['courseId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('createdAt', '>=', since)
      .groupBy('courseId')
      .orderBy('n', 'desc')
      .limit(LEADERS)
      .execute(),
    trx
      .selectFrom('viewEvent')
      .select(['courseId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('createdAt', '>=', since)
      .where('kind', 'in', ['trailer_view', 'preview_view'])
      .groupBy('courseId')
      .orderBy('n', 'desc')
      .limit(LEADERS)
      .execute(),
    trx
      .selectFrom('course')
      .$call(publishedCards)
      .orderBy('course.createdAt', 'desc')
      .orderBy('course.id')
      .limit(limit)
      .execute(),
  ]);
  const score = new Map<string, number>();
  for (const e of enrollments) score.set(e.courseId, toNum(e.n) * ENROLLMENT_WEIGHT);
  for (const v of views) score.set(v.courseId, (score.get(v.courseId) ?? 0) + toNum(v.n));
  const active =
    score.size === 0
      ? []
      : await trx
          .selectFrom('course')
          .$call(publishedCards)
          .where('course.id', 'in', [...score.keys()])
          .execute();
  active.sort(
    (a, b) =>
      (score.get(b.id) ?? 0) - (score.get(a.id) ?? 0) ||
      new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
  );
  const rows = active.slice(0, limit);
  const taken = new Set(rows.map((r) => r.id));
  for (const r of newest) if (rows.length < limit && !taken.has(r.id)) rows.push(r);
  return rows;
}
