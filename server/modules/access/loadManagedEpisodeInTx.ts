import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { isId } from '#common/ids.ts';
import { loadManagedCourseInTx } from './loadManagedCourse.ts';

/** An episode's ids as a URL gives them: any text; one that is not an id is answered like an unknown one. */
export const episodeRef = z.object({ courseId: z.string(), episodeId: z.string() });

/** An episode of a course the actor manages (course locked, see loadManagedCourseInTx), or a 404. */
export async function loadManagedEpisodeInTx(
  trx: Kysely<DB>,
  { actor, courseId, episodeId, dialect }: { actor: Actor; courseId: string; episodeId: string; dialect: DialectName },
) {
  const course = await loadManagedCourseInTx(trx, { actor, courseId, dialect });
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
