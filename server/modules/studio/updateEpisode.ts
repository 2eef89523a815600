import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { checkEpisodeAssets } from './checkEpisodeAssets.ts';
import { episodeColumns } from './episodeColumns.ts';
import { episodeInput } from '#common/studio/episodeSchema.ts';
import { loadManagedCourse } from './loadManagedCourse.ts';
import { loadManagedEpisode } from './loadManagedEpisode.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { recountCourse } from './recountCourse.ts';

/** Edits an episode's title, description, video or thumbnail; its order changes only through reordering. */
export async function updateEpisode(
  services: Services,
  actor: Actor,
  courseId: unknown,
  episodeId: unknown,
  input: unknown,
): Promise<void> {
  const { db, dialect } = services.database;
  const course = await loadManagedCourse(db, actor, courseId);
  const data = parseInput(episodeInput, input);
  await checkEpisodeAssets(db, actor, course.creatorId, data);
  await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisode(trx, actor, course.id, episodeId, dialect);
    await trx
      .updateTable('episode')
      .set(await episodeColumns(trx, data))
      .where('id', '=', episode.id)
      .execute();
    await recountCourse(trx, course.id);
  });
  services.catalogChanged();
}
