import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { forbidden } from '#server/core/errors.ts';
import { toNum } from '#server/db/values.ts';
import { canCreateBundle } from '../access/policies.ts';

export interface StudioBundles {
  bundles: { id: string; title: string; description: string; price: number; courseIds: string[] }[];
  /** The creator's courses a bundle may hold: published and paid. */
  courses: { id: string; title: string; price: number }[];
}

/** The studio's bundles page: the creator's bundles (not deleted) and the courses they can put in one. */
export async function listStudioBundles(services: Services, actor: Actor): Promise<StudioBundles> {
  if (!actor || !canCreateBundle(actor)) throw forbidden('Only creators have bundles.');
  const { db } = services.database;
  const [bundles, members, courses] = await Promise.all([
    db
      .selectFrom('bundle')
      .select(['id', 'title', 'description', 'price'])
      .where('creatorId', '=', actor.userId)
      .where('deletedAt', 'is', null)
      .orderBy('createdAt', 'desc')
      .execute(),
    db
      .selectFrom('bundleCourse')
      .innerJoin('bundle', 'bundle.id', 'bundleCourse.bundleId')
      .select(['bundleCourse.bundleId', 'bundleCourse.courseId'])
      .where('bundle.creatorId', '=', actor.userId)
      .orderBy('bundleCourse.position')
      .execute(),
    db
      .selectFrom('course')
      .select(['id', 'title', 'price'])
      .where('creatorId', '=', actor.userId)
      .where('published', '=', true)
      .where('price', '>', 0)
      .orderBy('title')
      .execute(),
  ]);
  return {
    bundles: bundles.map((b) => ({
      ...b,
      price: toNum(b.price),
      courseIds: members.filter((m) => m.bundleId === b.id).map((m) => m.courseId),
    })),
    courses: courses.map((c) => ({ ...c, price: toNum(c.price) })),
  };
}
