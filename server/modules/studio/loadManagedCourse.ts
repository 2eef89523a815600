import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { canManageCourse } from '../access/policies.ts';
import type { Actor } from '#server/core/actor.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';

/**
 * The course an actor may manage, or a 404 (never a 403: another creator must not learn that the id
 * exists). With `lock` (inside a transaction) the course row is locked on PostgreSQL so that episode
 * changes on one course run one after the other; on SQLite the driver already runs transactions one at a
 * time.
 */
export async function loadManagedCourse(
  db: Kysely<DB> | Transaction<DB>,
  actor: Actor,
  courseId: unknown,
  lock?: DialectName,
) {
  if (!isId(courseId) || !actor) throw notFound(STUDIO_MESSAGES.courseNotFound);
  let q = db.selectFrom('course').selectAll().where('id', '=', courseId);
  if (lock === 'postgres') q = q.forUpdate();
  const course = await q.executeTakeFirst();
  if (!course || !canManageCourse(actor, course)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  return course;
}
