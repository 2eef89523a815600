import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { isOnSale } from '../access/policies.ts';

export interface LoadedBundle {
  id: string;
  creatorId: string;
  creatorName: string;
  creatorStatus: string;
  title: string;
  description: string;
  price: number;
  courses: { id: string; title: string; price: number; published: boolean }[];
}

/** A bundle that was not deleted, with its courses in order; null for an unknown (or malformed) id. */
export async function loadBundleInTx(
  trx: Kysely<DB>,
  { bundleId }: { bundleId: string },
): Promise<LoadedBundle | null> {
  if (!isId(bundleId)) return null;
  const bundle = await trx
    .selectFrom('bundle')
    .innerJoin('user', 'user.id', 'bundle.creatorId')
    .select([
      'bundle.id',
      'bundle.creatorId',
      'bundle.title',
      'bundle.description',
      'bundle.price',
      'user.name as creatorName',
      'user.status as creatorStatus',
    ])
    .where('bundle.id', '=', bundleId)
    .where('bundle.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!bundle) return null;
  const courses = await trx
    .selectFrom('bundleCourse')
    .innerJoin('course', 'course.id', 'bundleCourse.courseId')
    .select(['course.id', 'course.title', 'course.price', 'course.published'])
    .where('bundleCourse.bundleId', '=', bundleId)
    .orderBy('bundleCourse.position')
    .execute();
  return {
    ...bundle,
    price: toNum(bundle.price),
    courses: courses.map((c) => ({ id: c.id, title: c.title, price: toNum(c.price), published: toBool(c.published) })),
  };
}

/**
 * On sale: its creator is not suspended and at least two of its courses are published and paid (a course
 * unpublished since is left out of what a buyer gets and pays for).
 */
export function saleCourses(bundle: LoadedBundle): LoadedBundle['courses'] | null {
  if (!isOnSale(bundle)) return null;
  const live = bundle.courses.filter((c) => c.published && c.price > 0);
  return live.length >= 2 ? live : null;
}
