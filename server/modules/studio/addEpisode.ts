import { toNum } from '#server/db/values.ts';
import { invalidInput } from '#server/core/errors.ts';
import { newId } from '#server/lib/ids.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { checkEpisodeAssets } from './checkEpisodeAssets.ts';
import { episodeColumns } from './episodeColumns.ts';
import { episodeInput } from '#common/studio/episodeSchema.ts';
import { loadManagedCourse } from './loadManagedCourse.ts';
import { LIMITS } from '#common/studio/messages.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { recountCourse } from './recountCourse.ts';

/**
 * Appends an episode: its order is the current count plus one. The count and the insert happen in one
 * transaction with the course locked, so two adds at once get n+1 and n+2 (the unique index on
 * (courseId, position) is the last line of defence).
 */
export async function addEpisode(
  services: Services,
  actor: Actor,
  courseId: unknown,
  input: unknown,
): Promise<{ id: string; order: number }> {
  const { db, dialect } = services.database;
  const course = await loadManagedCourse(db, actor, courseId);
  const data = parseInput(episodeInput, input);
  await checkEpisodeAssets(db, actor, course.creatorId, data);
  const result = await db.transaction().execute(async (trx) => {
    await loadManagedCourse(trx, actor, course.id, dialect);
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
        ...(await episodeColumns(trx, data)),
        position: order,
        createdAt: new Date(),
      })
      .execute();
    await recountCourse(trx, course.id);
    return { id, order };
  });
  services.catalogChanged();
  return result;
}
