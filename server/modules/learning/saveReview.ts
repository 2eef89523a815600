import type { Services } from '#server/core/services.ts';
import { forbidden, notFound, unauthenticated } from '#server/core/errors.ts';
import { newId } from '#server/lib/ids.ts';
import { canReviewCourse } from '../access/policies.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { isEnrolled } from '../enrollments/isEnrolled.ts';
import { reviewInputSchema } from '#common/learning/schemas.ts';
import { recountRatingInTx } from '../reviews/recountRatingInTx.ts';

/**
 * A learner's rating (1–5, optional comment) of a course they are enrolled in: one per learner, saved
 * again to edit. The course's average and count are recomputed from the visible reviews in the same transaction.
 */
export async function saveReview(
  services: Pick<Services, 'database'>,
  actor: Actor,
  input: unknown,
): Promise<{ ratingAvg: number | null; ratingCount: number }> {
  const { db } = services.database;
  if (!actor) throw unauthenticated();
  const { courseId, rating, comment } = parseInput(reviewInputSchema, input);
  const course = await db
    .selectFrom('course')
    .select(['id', 'creatorId'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw notFound('Course not found.');
  if (!canReviewCourse(actor, course, await isEnrolled(services, actor, { courseId }))) {
    throw forbidden('Only learners enrolled in this course can rate it.');
  }
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('review')
      .values({ id: newId(), userId: actor.userId, courseId, rating, comment, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.columns(['userId', 'courseId']).doUpdateSet({ rating, comment, updatedAt: now }))
      .execute();
    return recountRatingInTx(trx, { courseId });
  });
}
