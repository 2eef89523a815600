import { notFound } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { lessonSectionInput, SECTION_MESSAGES } from '#common/studio/sections.ts';
import { loadManagedCourse } from '../../access/loadManagedCourse.ts';
import { episodeRef, loadManagedEpisodeInTx } from '../../access/loadManagedEpisodeInTx.ts';
import { groupLessonsInTx } from './groupLessonsInTx.ts';

/**
 * Moves a lesson into a section of its course, or out of every section (`input`: the course's and the
 * lesson's ids, `sectionId` or null), by its creator or an admin. The lesson goes to the end of that
 * section (to the end of the lessons before the first heading for null), and the course is renumbered so
 * each section's lessons stay consecutive.
 */
export async function moveLessonToSection(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const { id: courseId } = await loadManagedCourse(services, actor, input);
  const { episodeId } = parseInput(episodeRef, input);
  const { sectionId } = parseInput(lessonSectionInput, input);
  await db.transaction().execute(async (trx) => {
    const { episode } = await loadManagedEpisodeInTx(trx, { actor, courseId, episodeId, dialect });
    if (sectionId) {
      const section = await trx
        .selectFrom('courseSection')
        .select('id')
        .where('id', '=', sectionId)
        .where('courseId', '=', courseId)
        .executeTakeFirst();
      if (!section) throw notFound(SECTION_MESSAGES.sectionNotFound);
    }
    if (episode.sectionId === sectionId) return;
    await trx.updateTable('episode').set({ sectionId }).where('id', '=', episode.id).execute();
    // Last in its new section: listed after every other lesson, then grouped.
    const others = await trx
      .selectFrom('episode')
      .select('id')
      .where('courseId', '=', courseId)
      .where('id', '!=', episode.id)
      .orderBy('position')
      .execute();
    await groupLessonsInTx(trx, { courseId, episodeIds: [...others.map((e) => e.id), episode.id] });
    await trx.updateTable('course').set({ updatedAt: new Date() }).where('id', '=', courseId).execute();
  });
  services.catalogChanged();
}
