import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { sectionInput } from '#common/studio/sections.ts';
import { loadManagedCourse } from '../../access/loadManagedCourse.ts';
import { loadManagedSectionInTx, sectionRef } from './loadManagedSectionInTx.ts';

/** Renames a section (`input`: the course's and the section's ids, the new title), by its creator or an admin. */
export async function renameSection(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const { id: courseId } = await loadManagedCourse(services, actor, input);
  const { sectionId } = parseInput(sectionRef, input);
  const { title } = parseInput(sectionInput, input);
  await db.transaction().execute(async (trx) => {
    const { section } = await loadManagedSectionInTx(trx, { actor, courseId, sectionId, dialect });
    await trx.updateTable('courseSection').set({ title }).where('id', '=', section.id).execute();
    await trx.updateTable('course').set({ updatedAt: new Date() }).where('id', '=', courseId).execute();
  });
  services.catalogChanged();
}
