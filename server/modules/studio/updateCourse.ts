import { toBool } from '#server/db/values.ts';
import { invalidInput } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { checkCourseAssets } from './checkCourseAssets.ts';
import { courseColumns } from './courseColumns.ts';
import { courseInput } from '#common/studio/courseSchema.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { loadManagedCourse, loadManagedCourseInTx } from '../access/loadManagedCourse.ts';
import { publishMessage, publishProblemsInTx } from './publishProblemsInTx.ts';

/**
 * "Save Course" (`input`: the course's id and the course form): every field at once, including the published
 * toggle (it persists only here). Publishing is refused with what is missing; nothing is saved then.
 */
export async function updateCourse(services: Services, actor: Actor, input: unknown): Promise<{ published: boolean }> {
  const { db, dialect } = services.database;
  const course = await loadManagedCourse(services, actor, input);
  const data = parseInput(courseInput, input);
  await checkCourseAssets(services, actor, { creatorId: course.creatorId, course: data });
  await db.transaction().execute(async (trx) => {
    const current = await loadManagedCourseInTx(trx, { actor, courseId: course.id, dialect });
    if (data.published) {
      const missing = await publishProblemsInTx(trx, { ...data, id: current.id });
      if (missing.length) throw invalidInput(publishMessage(missing), { published: 'Not ready to publish' });
    }
    const now = new Date();
    const wasPublished = toBool(current.published);
    await trx
      .updateTable('course')
      .set({
        ...courseColumns(data),
        published: data.published,
        updatedAt: now,
        // First publication dates "New Releases"; re-publishing after a pause keeps that date.
        ...(data.published && !wasPublished && !current.publishedAt ? { publishedAt: now } : {}),
      })
      .where('id', '=', current.id)
      .execute();
  });
  services.catalogChanged();
  return { published: data.published };
}
