import type { Services } from '#server/core/services.ts';
import { conflict, notFound } from '#server/core/errors.ts';
import { toBool } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import type { Actor } from '#server/core/actor.ts';
import type { ReviewAction } from '#common/reviews/reviewSchemas.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import { recountRatingInTx } from './recountRatingInTx.ts';

/**
 * Hides a review (off the course page and out of the course's average) or restores it. The change, the
 * recomputed rating and the audit entry are one transaction; public caches are cleared after it.
 */
export async function moderateReview(
  services: Services,
  actor: Actor,
  { reviewId, action }: { reviewId: string; action: ReviewAction },
): Promise<{ hidden: boolean }> {
  requireAdmin(actor);
  if (!isId(reviewId)) throw notFound('Review not found.');
  const hidden = action === 'hide';
  await services.database.db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom('review')
      .select(['id', 'courseId', 'hidden', 'rating', 'comment'])
      .where('id', '=', reviewId)
      .executeTakeFirst();
    if (!review) throw notFound('Review not found.');
    if (toBool(review.hidden) === hidden)
      throw conflict(hidden ? 'This review is already hidden.' : 'This review is not hidden.');
    await trx.updateTable('review').set({ hidden }).where('id', '=', reviewId).execute();
    await recountRatingInTx(trx, { courseId: review.courseId });
    await recordAuditInTx(trx, {
      actorId: actor.userId,
      action: `review.${action}`,
      targetType: 'review',
      targetId: reviewId,
      details: { courseId: review.courseId, rating: review.rating, comment: review.comment.slice(0, 200) },
    });
  });
  services.catalogChanged();
  return { hidden };
}
