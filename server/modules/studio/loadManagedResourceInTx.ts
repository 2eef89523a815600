import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import type { DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { isId } from '#common/ids.ts';
import { LESSON_FILE_MESSAGES } from '#common/studio/lessonFiles.ts';
import { loadManagedEpisodeInTx } from '../access/loadManagedEpisodeInTx.ts';

/** A resource's ids as a URL gives them: any text; one that is not an id is answered like an unknown one. */
export const resourceRef = z.object({ courseId: z.string(), episodeId: z.string(), resourceId: z.string() });

/** A file attached to a lesson of a course the actor manages (course locked), or a 404. */
export async function loadManagedResourceInTx(
  trx: Kysely<DB>,
  {
    actor,
    courseId,
    episodeId,
    resourceId,
    dialect,
  }: { actor: Actor; courseId: string; episodeId: string; resourceId: string; dialect: DialectName },
) {
  const { episode } = await loadManagedEpisodeInTx(trx, { actor, courseId, episodeId, dialect });
  const resource = isId(resourceId)
    ? await trx
        .selectFrom('lessonResource')
        .selectAll()
        .where('id', '=', resourceId)
        .where('episodeId', '=', episode.id)
        .executeTakeFirst()
    : undefined;
  if (!resource) throw notFound(LESSON_FILE_MESSAGES.fileNotFound);
  return { episode, resource };
}
