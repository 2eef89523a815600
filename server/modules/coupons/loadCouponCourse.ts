import type { Kysely } from 'kysely';
import type { Actor } from '#server/core/actor.ts';
import type { DB } from '#server/db/schema.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { canManageCoupons } from '../access/policies.ts';

/** The course whose coupons the actor may manage (with who that is), or a 404 (another creator must not learn the id exists). */
export async function loadCouponCourse(db: Kysely<DB>, actor: Actor, courseId: unknown) {
  if (!actor) throw unauthenticated();
  if (!isId(courseId)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  const course = await db
    .selectFrom('course')
    .select(['id', 'creatorId', 'price'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course || !canManageCoupons(actor, course)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  return { ...course, actorId: actor.userId };
}
