import { conflict } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { toNum } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { SECTION_MESSAGES, SECTIONS_PER_COURSE, sectionInput } from '#common/studio/sections.ts';
import { loadManagedCourse, loadManagedCourseInTx } from '../../access/loadManagedCourse.ts';

/**
 * Adds a section after the course's last one (`input`: the course's id and the section's title), by its
 * creator or an admin. It starts empty: lessons are moved into it (moveLessonToSection), and lessons added
 * later join the last section.
 */
export async function addSection(services: Services, actor: Actor, input: unknown): Promise<{ id: string }> {
  const { db, dialect } = services.database;
  const { id: courseId } = await loadManagedCourse(services, actor, input);
  const { title } = parseInput(sectionInput, input);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await loadManagedCourseInTx(trx, { actor, courseId, dialect });
    const { n, last } = await trx
      .selectFrom('courseSection')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('position').as('last')])
      .where('courseId', '=', courseId)
      .executeTakeFirstOrThrow();
    if (toNum(n) >= SECTIONS_PER_COURSE) throw conflict(SECTION_MESSAGES.tooManySections);
    await trx
      .insertInto('courseSection')
      .values({ id, courseId, title, position: toNum(last ?? 0) + 1, createdAt: new Date() })
      .execute();
    await trx.updateTable('course').set({ updatedAt: new Date() }).where('id', '=', courseId).execute();
  });
  services.catalogChanged();
  return { id };
}
