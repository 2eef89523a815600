import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { conflict } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { namesEachOnce } from '#server/lib/namesEachOnce.ts';
import { SECTION_MESSAGES, sectionOrderInput } from '#common/studio/sections.ts';
import { loadManagedCourse, loadManagedCourseInTx } from '../../access/loadManagedCourse.ts';
import { groupLessonsInTx } from './groupLessonsInTx.ts';
import { sectionOrderInTx } from './sectionOrderInTx.ts';
import { writeSectionOrderInTx } from './writeSectionOrderInTx.ts';

/**
 * Puts a course's sections, and its lessons without a section (`null`), in the given order (`input`: the
 * course's id and `order`), by its creator or an admin (decision 0069). The list must name every section
 * and `null` exactly once: a stale list is refused (409), not guessed at. The lessons follow their groups.
 */
export async function reorderSections(services: Services, actor: Actor, input: unknown): Promise<void> {
  const { db, dialect } = services.database;
  const { id: courseId } = await loadManagedCourse(services, actor, input);
  const { order } = parseInput(sectionOrderInput, input);
  await db.transaction().execute(async (trx) => {
    await loadManagedCourseInTx(trx, { actor, courseId, dialect });
    const current = await sectionOrderInTx(trx, { courseId });
    if (!namesEachOnce(order, new Set(current))) throw conflict(SECTION_MESSAGES.sectionsChanged);
    await writeSectionOrderInTx(trx, { courseId, order });
    await groupLessonsInTx(trx, { courseId });
  });
  services.catalogChanged();
}
