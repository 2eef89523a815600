import { invalidInput, forbidden } from '#server/core/errors.ts';
import { newId } from '#server/lib/ids.ts';
import { canCreateCourse } from '../access/policies.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { checkCourseAssets } from './checkCourseAssets.ts';
import { courseColumns } from './courseColumns.ts';
import { courseInput } from '#common/studio/courseSchema.ts';
import { parseInput } from '#server/core/parseInput.ts';

/**
 * Starts a course as a draft owned by the acting creator. Publishing needs episodes, which need a saved
 * course, so asking to publish on creation is answered with what is missing.
 */
export async function createCourse(services: Services, actor: Actor, input: unknown): Promise<{ id: string }> {
  if (!actor || !canCreateCourse(actor)) throw forbidden('Only creators can create courses.');
  const data = parseInput(courseInput, input);
  if (data.published) {
    throw invalidInput('Before publishing, please save the course and add at least one episode with a ready video.');
  }
  const db = services.database.db;
  const creator = await db.selectFrom('user').select('name').where('id', '=', actor.userId).executeTakeFirst();
  if (!creator) throw forbidden('Only creators can create courses.');
  await checkCourseAssets(services, actor, { creatorId: actor.userId, course: data });
  const id = newId();
  const now = new Date();
  await db
    .insertInto('course')
    .values({
      id,
      ...courseColumns(data),
      published: false,
      featured: false,
      creatorId: actor.userId,
      creatorName: creator.name,
      createdAt: now,
      updatedAt: now,
      publishedAt: null,
    })
    .execute();
  return { id };
}
