import type { Kysely } from 'kysely';
import type { Actor } from '#server/core/actor.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import type { DB } from '#server/db/schema.ts';
import { isId } from '#common/ids.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { canAnnounce } from '../access/policies.ts';

/**
 * The course the actor may write announcements for, or a 404 (another creator must not learn that the id
 * exists). `lock`: the row is locked (PostgreSQL) so two sends of one course count the month one at a time.
 */
export async function loadAnnouncedCourseInTx(
  trx: Kysely<DB>,
  { actor, courseId, lock }: { actor: Actor; courseId: string; lock: boolean },
) {
  if (!actor) throw unauthenticated();
  if (!isId(courseId)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  let q = trx.selectFrom('course').select(['id', 'title', 'creatorId', 'creatorName']).where('id', '=', courseId);
  if (lock) q = q.forUpdate();
  const course = await q.executeTakeFirst();
  if (!course || !canAnnounce(actor, course)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  return course;
}
