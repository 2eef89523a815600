import { conflict } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { reorderInput } from '#common/studio/episodeSchema.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { loadManagedCourse, loadManagedCourseInTx } from '../access/loadManagedCourse.ts';
import { groupLessonsInTx } from './sections/groupLessonsInTx.ts';
import { namesEachOnce } from '#server/lib/namesEachOnce.ts';

/**
 * Puts the course's episodes in the given order (`input`: the course's id and `episodeIds`). The list must
 * name every current episode exactly once: a stale list (an episode was added or deleted meanwhile) is
 * refused rather than guessed at. Each section's lessons stay together: within the order asked for, lessons
 * are grouped by their section (decision 0064; the editor moves a lesson between sections on its own).
 */
export async function reorderEpisodes(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const { id: courseId } = await loadManagedCourse(services, actor, input);
  const { episodeIds } = parseInput(reorderInput, input);
  await db.transaction().execute(async (trx) => {
    const course = await loadManagedCourseInTx(trx, { actor, courseId, dialect });
    const current = await trx.selectFrom('episode').select('id').where('courseId', '=', course.id).execute();
    if (!namesEachOnce(episodeIds, new Set(current.map((e) => e.id))))
      throw conflict('The episode list has changed. Please reload the page and try again.');
    await groupLessonsInTx(trx, { courseId: course.id, episodeIds });
    await trx.updateTable('course').set({ updatedAt: new Date() }).where('id', '=', course.id).execute();
  });
  services.catalogChanged();
}
