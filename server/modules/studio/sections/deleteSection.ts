import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { loadManagedCourse } from '../../access/loadManagedCourse.ts';
import { loadManagedSectionInTx, sectionRef } from './loadManagedSectionInTx.ts';
import { sectionOrderInTx } from './sectionOrderInTx.ts';
import { writeSectionOrderInTx } from './writeSectionOrderInTx.ts';

/**
 * Deletes a section (`input`: the course's and the section's ids), by its creator or an admin. Its lessons
 * stay where they are in the course and join the group above (the section above, or the lessons without a
 * section when those are above it; when it was the first group, the one below), so the order learners see
 * does not change and nothing is lost.
 */
export async function deleteSection(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const { id: courseId } = await loadManagedCourse(services, actor, input);
  const { sectionId } = parseInput(sectionRef, input);
  await db.transaction().execute(async (trx) => {
    const { section } = await loadManagedSectionInTx(trx, { actor, courseId, sectionId, dialect });
    const order = await sectionOrderInTx(trx, { courseId });
    const at = order.indexOf(section.id);
    // An adjacent group: its lessons are next to this section's already, so no lesson moves.
    const joins = at > 0 ? order[at - 1]! : (order[at + 1] ?? null);
    await trx.updateTable('episode').set({ sectionId: joins }).where('sectionId', '=', section.id).execute();
    await trx.deleteFrom('courseSection').where('id', '=', section.id).execute();
    await writeSectionOrderInTx(trx, { courseId, order: order.filter((id) => id !== section.id) });
  });
  services.catalogChanged();
}
