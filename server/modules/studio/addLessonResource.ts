import { conflict } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { newId } from '#server/lib/ids.ts';
import { addResourceInput, LESSON_FILE_MESSAGES } from '#common/studio/lessonFiles.ts';
import { RESOURCES_PER_LESSON } from '#common/uploads/uploadRules.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';
import { episodeRef, loadManagedEpisodeInTx } from '../access/loadManagedEpisodeInTx.ts';
import { checkAssets } from './checkAssets.ts';
import { resourceCountInTx } from '../media/lessonFileRows.ts';

/**
 * Attaches an uploaded file to a lesson (`input`: the course's and the episode's ids, the file's asset id
 * and the name learners see), by the course's creator or an admin; at most RESOURCES_PER_LESSON per lesson
 * (counted with the course locked, so two adds at once cannot pass it).
 */
export async function addLessonResource(services: Services, actor: Actor, input: unknown): Promise<{ id: string }> {
  const { db, dialect } = services.database;
  const course = await loadManagedCourse(services, actor, input);
  const { episodeId } = parseInput(episodeRef, input);
  const { assetId, name } = parseInput(addResourceInput, input);
  await checkAssets(services, actor, {
    creatorId: course.creatorId,
    wanted: [{ id: assetId, kind: 'resource', field: 'assetId' }],
  });
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisodeInTx(trx, { actor, courseId: course.id, episodeId, dialect });
    const { count, next } = await resourceCountInTx(trx, { episodeId: episode.id });
    if (count >= RESOURCES_PER_LESSON) throw conflict(LESSON_FILE_MESSAGES.tooManyResources);
    await trx
      .insertInto('lessonResource')
      .values({ id, episodeId: episode.id, assetId, name, position: next, createdAt: new Date() })
      .execute();
  });
  return { id };
}
