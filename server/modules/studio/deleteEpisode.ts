import { toBool } from '#server/db/values.ts';
import { conflict } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { loadManagedCourse } from './loadManagedCourse.ts';
import { loadManagedEpisode } from './loadManagedEpisode.ts';
import { publishProblems } from './publishProblems.ts';
import { recountCourse } from './recountCourse.ts';
import { renumber } from './renumber.ts';

/** Deletes an episode and closes the gap, so orders stay 1..n (course locked, one transaction). */
export async function deleteEpisode(
  services: Services,
  actor: Actor,
  courseId: unknown,
  episodeId: unknown,
): Promise<void> {
  const { db, dialect } = services.database;
  await loadManagedCourse(db, actor, courseId);
  await db.transaction().execute(async (trx) => {
    const { course, episode } = await loadManagedEpisode(trx, actor, courseId, episodeId, dialect);
    await trx.deleteFrom('episode').where('id', '=', episode.id).execute();
    // A published course keeps at least one playable episode (the transaction undoes the delete).
    if (toBool(course.published) && (await publishProblems(trx, course)).length) {
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
    await renumber(
      trx,
      course.id,
      rest.map((e) => e.id),
    );
    await recountCourse(trx, course.id);
  });
  services.catalogChanged();
}
