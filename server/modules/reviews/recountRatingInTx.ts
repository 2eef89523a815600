import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/**
 * Recomputes a course's average and count from its visible reviews (hidden ones do not count). Called in
 * the transaction that changed a review, so course.ratingAvg/ratingCount always match the page.
 */
export async function recountRatingInTx(
  trx: Kysely<DB>,
  { courseId }: { courseId: string },
): Promise<{ ratingAvg: number | null; ratingCount: number }> {
  const agg = await trx
    .selectFrom('review')
    .select((eb) => [eb.fn.avg<number>('rating').as('avg'), eb.fn.countAll<number>().as('n')])
    .where('courseId', '=', courseId)
    .where('hidden', '=', false)
    .executeTakeFirstOrThrow();
  const ratingCount = Number(agg.n);
  // No visible reviews: no average (cards show no stars), not a zero.
  const ratingAvg = ratingCount ? Math.round(Number(agg.avg) * 100) / 100 : null;
  await trx.updateTable('course').set({ ratingAvg, ratingCount }).where('id', '=', courseId).execute();
  return { ratingAvg, ratingCount };
}
