import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { canReviewCourse, type Actor } from '../access/policies.ts';
import { isEnrolled } from '../enrollments/isEnrolled.ts';
import { reviewInputSchema } from './schemas.ts';

/**
 * A learner's rating (1–5, optional comment) of a course they are enrolled in: one per learner, saved
 * again to edit. The course's average and count are recomputed from the reviews in the same transaction.
 */
export async function saveReview(db: Kysely<DB>, viewer: Actor, input: unknown): Promise<{ ratingAvg: number; ratingCount: number }> {
  if (!viewer) throw unauthorized();
  const parsed = reviewInputSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid review.');
  const { courseId, rating, comment } = parsed.data;
  const course = await db.selectFrom('course').select(['id', 'creatorId']).where('id', '=', courseId).executeTakeFirst();
  if (!course) throw notFound('Course not found.');
  if (!canReviewCourse(viewer, course, await isEnrolled(db, viewer.userId, courseId))) {
    throw forbidden('Only learners enrolled in this course can rate it.');
  }
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('review')
      .values({ id: newId(), userId: viewer.userId, courseId, rating, comment, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.columns(['userId', 'courseId']).doUpdateSet({ rating, comment, updatedAt: now }))
      .execute();
    const agg = await trx
      .selectFrom('review')
      .select((eb) => [eb.fn.avg<number>('rating').as('avg'), eb.fn.countAll<number>().as('n')])
      .where('courseId', '=', courseId)
      .executeTakeFirstOrThrow();
    const ratingAvg = Math.round(Number(agg.avg) * 100) / 100;
    const ratingCount = Number(agg.n);
    await trx.updateTable('course').set({ ratingAvg, ratingCount }).where('id', '=', courseId).execute();
    return { ratingAvg, ratingCount };
  });
}
