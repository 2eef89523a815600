import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { isId } from '#common/ids.ts';
import { STUDIO_MESSAGES } from '#common/studio/messages.ts';
import { canManageCourse } from './policies.ts';

// The id as a URL gives it: any text; one that is not an id is answered like an unknown one.
const courseRef = z.object({ courseId: z.string() });

/**
 * The course (`input.courseId`) an actor may manage, or a 404 (never a 403: another creator must not learn
 * that the id exists). Operations on a course call it first, so others get the 404 before any check of
 * the rest of their input.
 */
export async function loadManagedCourse(services: Services, actor: Actor, input: unknown) {
  const { courseId } = parseInput(courseRef, input);
  return selectManagedCourse(services.database.db, actor, courseId, false);
}

/**
 * The same inside a transaction, with the course row locked on PostgreSQL so that episode changes on one
 * course run one after the other; on SQLite the driver already runs transactions one at a time.
 */
export function loadManagedCourseInTx(
  trx: Kysely<DB>,
  { actor, courseId, dialect }: { actor: Actor; courseId: string; dialect: DialectName },
) {
  return selectManagedCourse(trx, actor, courseId, dialect === 'postgres');
}

async function selectManagedCourse(db: Kysely<DB>, actor: Actor, courseId: string, lock: boolean) {
  if (!isId(courseId) || !actor) throw notFound(STUDIO_MESSAGES.courseNotFound);
  let q = db.selectFrom('course').selectAll().where('id', '=', courseId);
  if (lock) q = q.forUpdate();
  const course = await q.executeTakeFirst();
  if (!course || !canManageCourse(actor, course)) throw notFound(STUDIO_MESSAGES.courseNotFound);
  return course;
}
