import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { isOnSale } from '../access/policies.ts';
import { matchesAny } from '../shared/listQuery.ts';

export interface BundleSummary {
  id: string;
  title: string;
  price: number;
  /** Its on-sale courses' prices together. */
  listTotal: number;
  courseCount: number;
}

/**
 * The bundles on sale that hold a course (its page's "Part of a bundle"), that a creator sells (their page)
 * or whose title or description holds the words searched for (the search page, `q`): not deleted, creator
 * not suspended, at least two published paid courses. The same for every actor.
 */
export async function listBundles(
  services: Services,
  actor: Actor,
  { courseId, creatorId, q }: { courseId?: string; creatorId?: string; q?: string },
): Promise<BundleSummary[]> {
  const id = courseId ?? creatorId ?? '';
  const words = q?.trim().slice(0, 200) ?? '';
  if (q === undefined ? !isId(id) : words.length < 2) return [];
  const { db } = services.database;
  let query = db
    .selectFrom('bundle')
    .innerJoin('user', 'user.id', 'bundle.creatorId')
    .innerJoin('bundleCourse', 'bundleCourse.bundleId', 'bundle.id')
    .innerJoin('course', 'course.id', 'bundleCourse.courseId')
    .select((eb) => [
      'bundle.id',
      'bundle.title',
      'bundle.price',
      'user.status as creatorStatus',
      eb.fn.countAll<number>().as('courseCount'),
      eb.fn.sum<number>('course.price').as('listTotal'),
    ])
    .where('bundle.deletedAt', 'is', null)
    .where('course.published', '=', true)
    .where('course.price', '>', 0)
    .groupBy(['bundle.id', 'bundle.title', 'bundle.price', 'user.status', 'bundle.createdAt'])
    .having((eb) => eb.fn.countAll(), '>=', 2)
    .orderBy('bundle.createdAt', 'desc')
    .limit(20);
  if (q !== undefined) query = query.where(matchesAny(['bundle.title', 'bundle.description'], words));
  else if (creatorId) query = query.where('bundle.creatorId', '=', id);
  else
    query = query.where('bundle.id', 'in', (eb) =>
      eb.selectFrom('bundleCourse').select('bundleCourse.bundleId').where('bundleCourse.courseId', '=', id),
    );
  const rows = await query.execute();
  return rows.filter(isOnSale).map((r) => ({
    id: r.id,
    title: r.title,
    price: toNum(r.price),
    listTotal: toNum(r.listTotal),
    courseCount: toNum(r.courseCount),
  }));
}
