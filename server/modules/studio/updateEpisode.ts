import type { Actor } from '../access/policies.ts';
import { checkAssets } from './checkAssets.ts';
import { episodeInput } from './episodeSchema.ts';
import { loadManagedCourse } from './loadManagedCourse.ts';
import { loadManagedEpisode } from './loadManagedEpisode.ts';
import { parseInput } from './parseInput.ts';
import { recountCourse } from './recountCourse.ts';
import type { StudioServices } from './studioServices.ts';
import { videoDuration } from './videoDuration.ts';

/** Edits an episode's title, description, video or thumbnail; its order changes only through reordering. */
export async function updateEpisode(
  services: StudioServices,
  actor: Actor,
  courseId: unknown,
  episodeId: unknown,
  input: unknown,
): Promise<void> {
  const { db, dialect } = services.database;
  const course = await loadManagedCourse(db, actor, courseId);
  const data = parseInput(episodeInput, input);
  await checkAssets(db, actor, course.creatorId, [
    { id: data.videoId, kind: 'video', field: 'videoId' },
    { id: data.thumbnailId, kind: 'image', field: 'thumbnailId' },
  ]);
  await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisode(trx, actor, course.id, episodeId, dialect);
    await trx
      .updateTable('episode')
      .set({
        title: data.title,
        description: data.description,
        videoId: data.videoId,
        thumbnailId: data.thumbnailId,
        duration: await videoDuration(trx, data.videoId),
      })
      .where('id', '=', episode.id)
      .execute();
    await recountCourse(trx, course.id);
  });
  services.catalogChanged();
}
