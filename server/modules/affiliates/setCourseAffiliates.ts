import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { AFFILIATE_TEXT, courseAffiliateSchema } from '#common/affiliates/affiliateRules.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';
import type { CourseAffiliates } from './getCourseAffiliates.ts';

/**
 * The studio's "Affiliate sales" (decision 0067): on or off, with a commission of 5–50 % of the price. Only
 * purchases started from now on use the new percent; each started one keeps the percent it started with.
 * Someone else's course is a 404 before the settings are read; a percent out of range is a 400 that saves
 * nothing.
 */
export async function setCourseAffiliates(
  services: Services,
  actor: Actor,
  { courseId, settings }: { courseId: unknown; settings: unknown },
): Promise<CourseAffiliates & { message: string }> {
  const course = await loadManagedCourse(services, actor, { courseId });
  const { enabled, percent } = parseInput(courseAffiliateSchema, settings, AFFILIATE_TEXT.percentRange);
  const now = services.clock.now();
  await services.database.db
    .insertInto('courseAffiliate')
    .values({ courseId: course.id, enabled, percent, updatedAt: now })
    .onConflict((oc) => oc.column('courseId').doUpdateSet({ enabled, percent, updatedAt: now }))
    .execute();
  return { enabled, percent, message: AFFILIATE_TEXT.saved };
}
