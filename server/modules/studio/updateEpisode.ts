import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { episodeInput } from '#common/studio/episodeSchema.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';
import { episodeRef, loadManagedEpisodeInTx } from '../access/loadManagedEpisodeInTx.ts';
import { checkEpisodeAssets } from './checkEpisodeAssets.ts';
import { episodeColumns } from './episodeColumns.ts';
import { recountCourseInTx } from './recountCourseInTx.ts';
import { saveQuizInTx } from './saveQuizInTx.ts';
import { videoDurationInTx } from './videoDurationInTx.ts';
import { removeUnusedDocuments } from '../media/lessonFileRows.ts';

/**
 * Edits an episode's title, description, video or thumbnail (`input`: the course's and the episode's ids
 * and the episode form); its order changes only through reordering.
 */
export async function updateEpisode(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const course = await loadManagedCourse(services, actor, input);
  const { episodeId } = parseInput(episodeRef, input);
  const data = parseInput(episodeInput, input);
  await checkEpisodeAssets(services, actor, { creatorId: course.creatorId, episode: data });
  const replaced = await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisodeInTx(trx, { actor, courseId: course.id, episodeId, dialect });
    await trx
      .updateTable('episode')
      .set(episodeColumns(data, await videoDurationInTx(trx, { assetId: data.videoId })))
      .where('id', '=', episode.id)
      .execute();
    await saveQuizInTx(trx, { episodeId: episode.id, quiz: data.quiz });
    await recountCourseInTx(trx, { courseId: course.id });
    return episode.pdfId && episode.pdfId !== data.pdfId ? [episode.pdfId] : [];
  });
  // A PDF replaced or dropped (the lesson changed kind) is deleted with its file (decision 0060).
  await removeUnusedDocuments(services, { assetIds: replaced });
  services.catalogChanged();
}
