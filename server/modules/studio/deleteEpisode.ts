import { toBool } from '#server/db/values.ts';
import { conflict } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { loadManagedCourse } from '../access/loadManagedCourse.ts';
import { episodeRef, loadManagedEpisodeInTx } from '../access/loadManagedEpisodeInTx.ts';
import { publishProblemsInTx } from './publishProblemsInTx.ts';
import { recountCourseInTx } from './recountCourseInTx.ts';
import { renumberInTx } from './renumberInTx.ts';
import { removeUnusedDocuments } from '../media/lessonFileRows.ts';

/**
 * Deletes an episode (`input`: the course's and the episode's ids) and closes the gap, so orders stay 1..n
 * (course locked, one transaction). Its PDF and its resources go too: the rows in the transaction, the
 * stored files once it has committed (decision 0060).
 */
export async function deleteEpisode(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const { id: courseId } = await loadManagedCourse(services, actor, input);
  const { episodeId } = parseInput(episodeRef, input);
  const files = await db.transaction().execute(async (trx) => {
    const { course, episode } = await loadManagedEpisodeInTx(trx, { actor, courseId, episodeId, dialect });
    const resources = await trx
      .selectFrom('lessonResource')
      .select('assetId')
      .where('episodeId', '=', episode.id)
      .execute();
    await trx.deleteFrom('lessonResource').where('episodeId', '=', episode.id).execute();
    await trx.deleteFrom('episode').where('id', '=', episode.id).execute();
    // A published course keeps at least one playable episode (the transaction undoes the delete).
    if (toBool(course.published) && (await publishProblemsInTx(trx, course)).length) {
      throw conflict(
        'A published course needs at least one episode with a ready video. Unpublish the course first, or add another episode.',
      );
    }
    const rest = await trx
      .selectFrom('episode')
      .select('id')
      .where('courseId', '=', course.id)
      .orderBy('position')
      .execute();
    await renumberInTx(trx, { courseId: course.id, episodeIds: rest.map((e) => e.id) });
    await recountCourseInTx(trx, { courseId: course.id });
    return [...resources.map((r) => r.assetId), ...(episode.pdfId ? [episode.pdfId] : [])];
  });
  await removeUnusedDocuments(services, { assetIds: files });
  services.catalogChanged();
}
