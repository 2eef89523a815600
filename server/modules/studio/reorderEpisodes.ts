import { conflict } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { reorderInput } from '#common/studio/episodeSchema.ts';
import { loadManagedCourse } from './loadManagedCourse.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { renumber } from './renumber.ts';

/**
 * Puts the course's episodes in the given order. The list must name every current episode exactly once:
 * a stale list (an episode was added or deleted meanwhile) is refused rather than guessed at.
 */
export async function reorderEpisodes(
  services: Services,
  actor: Actor,
  courseId: unknown,
  input: unknown,
): Promise<void> {
  const { db, dialect } = services.database;
  await loadManagedCourse(db, actor, courseId);
  const { episodeIds } = parseInput(reorderInput, input);
  await db.transaction().execute(async (trx) => {
    const course = await loadManagedCourse(trx, actor, courseId, dialect);
    const current = await trx.selectFrom('episode').select('id').where('courseId', '=', course.id).execute();
    const known = new Set(current.map((e) => e.id));
    const same =
      episodeIds.length === known.size &&
      new Set(episodeIds).size === known.size &&
      episodeIds.every((id) => known.has(id));
    if (!same) throw conflict('The episode list has changed. Please reload the page and try again.');
    await renumber(trx, course.id, episodeIds);
    await trx.updateTable('course').set({ updatedAt: new Date() }).where('id', '=', course.id).execute();
  });
  services.catalogChanged();
}
