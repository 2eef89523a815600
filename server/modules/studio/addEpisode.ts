import { toNum } from '#server/db/values.ts';
import { invalidInput } from '#server/core/errors.ts';
import { newId } from '#server/lib/ids.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { episodeInput } from '#common/studio/episodeSchema.ts';
import { LIMITS } from '#common/studio/messages.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { loadManagedCourse, loadManagedCourseInTx } from '../access/loadManagedCourse.ts';
import { checkEpisodeAssets } from './checkEpisodeAssets.ts';
import { episodeColumns } from './episodeColumns.ts';
import { recountCourseInTx } from './recountCourseInTx.ts';
import { saveQuizInTx } from './saveQuizInTx.ts';
import { videoDurationInTx } from './videoDurationInTx.ts';

import { lastSectionIdInTx } from './sections/lastSectionIdInTx.ts';
/**
 * Appends an episode (`input`: the course's id and the episode form): its order is the current count plus
 * one. The count and the insert happen in one transaction with the course locked, so two adds at once get
 * n+1 and n+2 (the unique index on (courseId, position) is the last line of defence).
 */
export async function addEpisode(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ id: string; order: number }> {
  const { db, dialect } = services.database;
  const course = await loadManagedCourse(services, actor, input);
  const data = parseInput(episodeInput, input);
  await checkEpisodeAssets(services, actor, { creatorId: course.creatorId, episode: data });
  const result = await db.transaction().execute(async (trx) => {
    await loadManagedCourseInTx(trx, { actor, courseId: course.id, dialect });
    const { n } = await trx
      .selectFrom('episode')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('courseId', '=', course.id)
      .executeTakeFirstOrThrow();
    const order = toNum(n) + 1;
    if (order > LIMITS.maxEpisodes) throw invalidInput(`A course can have at most ${LIMITS.maxEpisodes} episodes.`);
    const id = newId();
    await trx
      .insertInto('episode')
      .values({
        id,
        courseId: course.id,
        ...episodeColumns(data, await videoDurationInTx(trx, { assetId: data.videoId })),
        position: order,
        // At the end of the list, so in the last section (decision 0064).
        sectionId: await lastSectionIdInTx(trx, { courseId: course.id }),
        createdAt: new Date(),
      })
      .execute();
    if (data.quiz) await saveQuizInTx(trx, { episodeId: id, quiz: data.quiz });
    await recountCourseInTx(trx, { courseId: course.id });
    return { id, order };
  });
  services.catalogChanged();
  return result;
}
