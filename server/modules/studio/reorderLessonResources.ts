import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { conflict } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { namesEachOnce } from '#server/lib/namesEachOnce.ts';
import { LESSON_FILE_MESSAGES, reorderResourcesInput } from '#common/studio/lessonFiles.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';
import { episodeRef, loadManagedEpisodeInTx } from '../access/loadManagedEpisodeInTx.ts';

/**
 * Puts a lesson's files in the given order (`input`: the course's and the episode's ids and `resourceIds`),
 * by the course's creator or an admin (decision 0069). The list must name each of the lesson's files once:
 * a stale list is refused (409), not guessed at.
 */
export async function reorderLessonResources(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  await loadManagedCourse(services, actor, input);
  const { courseId, episodeId } = parseInput(episodeRef, input);
  const { resourceIds } = parseInput(reorderResourcesInput, input);
  await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisodeInTx(trx, { actor, courseId, episodeId, dialect });
    const current = await trx.selectFrom('lessonResource').select('id').where('episodeId', '=', episode.id).execute();
    if (!namesEachOnce(resourceIds, new Set(current.map((r) => r.id))))
      throw conflict(LESSON_FILE_MESSAGES.resourcesChanged);
    for (const [i, id] of resourceIds.entries())
      await trx
        .updateTable('lessonResource')
        .set({ position: i + 1 })
        .where('id', '=', id)
        .execute();
  });
}
