import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { toIso } from '#server/db/values.ts';
import { CATEGORIES, categoryPath, creatorPath } from '#common/catalog/categories.ts';

/** A sitemap file holds at most 50,000 URLs (sitemaps.org); the newest courses go first. */
const SITEMAP_MAX = 50_000;

export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

/** Every public page worth indexing: the landing page, categories, creators with courses, published courses. */
export async function listSitemap(services: Services, actor: Actor): Promise<SitemapEntry[]> {
  const { db } = services.database;
  const creators = await db
    .selectFrom('course')
    .innerJoin('user', 'user.id', 'course.creatorId')
    .select('course.creatorId')
    .where('course.published', '=', true)
    .where('user.status', '=', 'active')
    .groupBy('course.creatorId')
    .limit(SITEMAP_MAX)
    .execute();
  const fixed: SitemapEntry[] = [
    { path: '/' },
    ...CATEGORIES.map((c) => ({ path: categoryPath(c) })),
    ...creators.map((c) => ({ path: creatorPath(c.creatorId) })),
  ];
  const courses = await db
    .selectFrom('course')
    .select(['id', 'updatedAt'])
    .where('published', '=', true)
    .orderBy('createdAt', 'desc')
    .limit(Math.max(0, SITEMAP_MAX - fixed.length))
    .execute();
  return [...fixed, ...courses.map((c) => ({ path: `/course/${c.id}`, lastModified: toIso(c.updatedAt) }))].slice(
    0,
    SITEMAP_MAX,
  );
}
