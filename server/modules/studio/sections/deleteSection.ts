import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { loadManagedCourse } from '../../access/loadManagedCourse.ts';
import { loadManagedSectionInTx, sectionRef } from './loadManagedSectionInTx.ts';

/**
 * Deletes a section (`input`: the course's and the section's ids), by its creator or an admin. Its lessons
 * stay where they are in the course and join the section above (none when it was the first), so the order
 * learners see does not change and nothing is lost.
 */
export async function deleteSection(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const { id: courseId } = await loadManagedCourse(services, actor, input);
  const { sectionId } = parseInput(sectionRef, input);
  await db.transaction().execute(async (trx) => {
    const { section } = await loadManagedSectionInTx(trx, { actor, courseId, sectionId, dialect });
    const above = await trx
      .selectFrom('courseSection')
      .select('id')
      .where('courseId', '=', courseId)
      .where('position', '<', section.position)
      .orderBy('position', 'desc')
      .executeTakeFirst();
    await trx
      .updateTable('episode')
      .set({ sectionId: above?.id ?? null })
      .where('sectionId', '=', section.id)
      .execute();
    await trx.deleteFrom('courseSection').where('id', '=', section.id).execute();
    await trx.updateTable('course').set({ updatedAt: new Date() }).where('id', '=', courseId).execute();
  });
  services.catalogChanged();
}
