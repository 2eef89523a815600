import type { Transaction } from 'kysely';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import type { Actor } from '#server/core/actor.ts';
import { loadManagedCourse } from './loadManagedCourse.ts';

/** An episode of a course the actor manages (course locked), or a 404. */
export async function loadManagedEpisode(
  trx: Transaction<DB>,
  actor: Actor,
  courseId: unknown,
  episodeId: unknown,
  dialect: DialectName,
) {
  const course = await loadManagedCourse(trx, actor, courseId, dialect);
  const episode = isId(episodeId)
    ? await trx
        .selectFrom('episode')
        .selectAll()
        .where('id', '=', episodeId)
        .where('courseId', '=', course.id)
        .executeTakeFirst()
    : undefined;
  if (!episode) throw notFound('Episode not found');
  return { course, episode };
}
