import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { isOnSale } from '../access/policies.ts';

export interface BundleSummary {
  id: string;
  title: string;
  price: number;
  /** Its on-sale courses' prices together. */
  listTotal: number;
  courseCount: number;
}

/**
 * The bundles on sale that hold a course (its page's "Part of a bundle") or that a creator sells (their
 * page): not deleted, creator not suspended, at least two published paid courses. The same for every actor.
 */
export async function listBundles(
  services: Services,
  actor: Actor,
  { courseId, creatorId }: { courseId?: string; creatorId?: string },
): Promise<BundleSummary[]> {
  const id = courseId ?? creatorId ?? '';
  if (!isId(id)) return [];
  const { db } = services.database;
  let q = db
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
  q = creatorId
    ? q.where('bundle.creatorId', '=', id)
    : q.where('bundle.id', 'in', (eb) =>
        eb.selectFrom('bundleCourse').select('bundleCourse.bundleId').where('bundleCourse.courseId', '=', id),
      );
  const rows = await q.execute();
  return rows.filter(isOnSale).map((r) => ({
    id: r.id,
    title: r.title,
    price: toNum(r.price),
    listTotal: toNum(r.listTotal),
    courseCount: toNum(r.courseCount),
  }));
}
