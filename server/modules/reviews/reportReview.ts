import type { Services } from '#server/core/services.ts';
import { conflict, forbidden, notFound, unauthenticated } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import { isId } from '#common/ids.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import { canReportReview } from '../access/policies.ts';

/**
 * A signed-in user flags a review for the admins (once each; a second report is a 409 and counts nothing).
 * The report and the count move together, so the queue's "reports" figure is exact under concurrency.
 */
export async function reportReview(
  services: Pick<Services, 'database'>,
  actor: Actor,
  { reviewId }: { reviewId: string },
): Promise<{ reported: true }> {
  if (!actor) throw unauthenticated();
  if (!isId(reviewId)) throw notFound('Review not found.');
  const { db } = services.database;
  const review = await db.selectFrom('review').select(['id', 'userId']).where('id', '=', reviewId).executeTakeFirst();
  if (!review) throw notFound('Review not found.');
  if (!canReportReview(actor, review)) throw forbidden('You cannot report your own review.');
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('reviewReport').values({ reviewId, userId: actor.userId, createdAt: new Date() }).execute();
      await trx
        .updateTable('review')
        .set((eb) => ({ reportCount: eb('reportCount', '+', 1) }))
        .where('id', '=', reviewId)
        .execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You already reported this review.');
    throw err;
  }
  return { reported: true };
}
