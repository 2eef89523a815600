import type { Services } from '#server/core/services.ts';
import { forbidden, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Actor } from '#server/core/actor.ts';
import { replyInputSchema } from '#common/reviews/reviewSchemas.ts';
import { canReplyToReview } from '../access/policies.ts';

/** The course creator's reply under a review: one per review, saved again to edit. Shows on the public page. */
export async function replyToReview(services: Services, actor: Actor, input: unknown): Promise<{ reply: string }> {
  if (!actor) throw unauthenticated();
  const { reviewId, reply } = parseInput(replyInputSchema, input);
  const { db } = services.database;
  const review = await db
    .selectFrom('review')
    .innerJoin('course', 'course.id', 'review.courseId')
    .select(['review.id', 'course.creatorId'])
    .where('review.id', '=', reviewId)
    .executeTakeFirst();
  if (!review) throw notFound('Review not found.');
  if (!canReplyToReview(actor, review)) throw forbidden('Only the creator of this course can reply to its reviews.');
  await db.updateTable('review').set({ reply, replyAt: new Date() }).where('id', '=', reviewId).execute();
  services.catalogChanged();
  return { reply };
}
