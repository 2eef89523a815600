import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { LANDING_CATEGORIES, categoryLabel } from '#common/catalog/categories.ts';
import { publishedCards, toCard, type CourseCard } from './courseCard.ts';
import { getHero, type Hero } from './getHero.ts';
import { listTrendingInTx } from './listTrendingInTx.ts';

const ROW_LIMIT = 12;
/** "Popular on Darasa" needs more than this many published courses, "New Releases" more than the other. */
const POPULAR_MIN = 3;
const NEW_RELEASES_MIN = 6;

export interface CourseRow {
  key: string;
  title: string;
  courses: CourseCard[];
}

export interface Landing {
  hero: Hero | null;
  rows: CourseRow[];
}

/**
 * The landing page's data: Trending Now by recent activity (listTrendingInTx), Popular by all enrollments, New
 * Releases by publication date; each other row is one indexed query stopping at 12. The published count is only
 * needed up to NEW_RELEASES_MIN + 1, so it is counted over a bounded subquery, not the whole table.
 */
export async function listLandingRows(services: Services, actor: Actor): Promise<Landing> {
  const { db } = services.database;
  const [countRow, trending, popular, newReleases, hero, ...byCategory] = await Promise.all([
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('course')
          .select('id')
          .where('published', '=', true)
          .limit(NEW_RELEASES_MIN + 1)
          .as('c'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    listTrendingInTx(db, { limit: ROW_LIMIT, now: services.clock.now() }),
    db
      .selectFrom('course')
      .$call(publishedCards)
      .orderBy('course.enrolledCount', 'desc')
      .orderBy('course.createdAt', 'desc')
      .limit(ROW_LIMIT)
      .execute(),
    db
      .selectFrom('course')
      .$call(publishedCards)
      .orderBy('course.publishedAt', 'desc')
      .orderBy('course.id')
      .limit(ROW_LIMIT)
      .execute(),
    getHero(services),
    ...LANDING_CATEGORIES.map((cat) =>
      db
        .selectFrom('course')
        .$call(publishedCards)
        .where('course.category', '=', cat)
        .orderBy('course.createdAt', 'desc')
        .limit(ROW_LIMIT)
        .execute(),
    ),
  ]);
  const published = Number(countRow.n);
  const rows: CourseRow[] = [{ key: 'trending', title: 'Trending Now', courses: trending.map(toCard) }];
  if (published > POPULAR_MIN) rows.push({ key: 'popular', title: 'Popular on Darasa', courses: popular.map(toCard) });
  if (published > NEW_RELEASES_MIN) rows.push({ key: 'new', title: 'New Releases', courses: newReleases.map(toCard) });
  LANDING_CATEGORIES.forEach((cat, i) => {
    const courses = (byCategory[i] ?? []).map(toCard);
    if (courses.length) rows.push({ key: `cat-${cat}`, title: categoryLabel(cat), courses });
  });
  return { hero, rows: published === 0 ? [] : rows };
}
