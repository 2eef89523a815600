import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { canManageCoupons } from '../access/policies.ts';

/** The course whose coupons the actor may manage (with who that is), or a 404 (another creator must not learn the id exists). */
export async function loadCouponCourse(services: Services, actor: Actor, { courseId }: { courseId: string }) {
  if (!actor) throw unauthenticated();
  if (!isId(courseId)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  const course = await services.database.db
    .selectFrom('course')
    .select(['id', 'creatorId', 'price'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course || !canManageCoupons(actor, course)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  return { ...course, actorId: actor.userId };
}
