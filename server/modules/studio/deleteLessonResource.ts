import { z } from 'zod';
import { notFound } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { LESSON_FILE_MESSAGES } from '#common/studio/lessonFiles.ts';
import { episodeRef, loadManagedEpisodeInTx } from '../access/loadManagedEpisodeInTx.ts';
import { removeUnusedDocuments } from '../media/lessonFileRows.ts';

const resourceRef = z.object({ resourceId: z.string() });

/**
 * Removes a file from a lesson (`input`: the course's, the episode's and the resource's ids), by the
 * course's creator or an admin; the stored file goes with it.
 */
export async function deleteLessonResource(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const { courseId, episodeId } = parseInput(episodeRef, input);
  const { resourceId } = parseInput(resourceRef, input);
  const assetId = await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisodeInTx(trx, { actor, courseId, episodeId, dialect });
    const row = await trx
      .selectFrom('lessonResource')
      .select(['id', 'assetId'])
      .where('id', '=', resourceId)
      .where('episodeId', '=', episode.id)
      .executeTakeFirst();
    if (!row) throw notFound(LESSON_FILE_MESSAGES.fileNotFound);
    await trx.deleteFrom('lessonResource').where('id', '=', row.id).execute();
    return row.assetId;
  });
  await removeUnusedDocuments(services, { assetIds: [assetId] });
}
