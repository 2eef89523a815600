import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

export interface EnrollmentGrant {
  userId: string;
  courseId: string;
  /** The payment that bought it; null for a free course (or a coupon that made it free). */
  paymentId: string | null;
  /** The bundle payment that bought it (its `paymentId` is then null: that column is one per enrollment). */
  bundlePaymentId?: string;
  /** The instalment plan that is buying it (decision 0068): access then follows its parts paid. */
  instalmentPlanId?: string;
  at: Date;
}

/**
 * Gives a learner lifetime access to a course, at most once: the unique (userId, courseId) constraint makes
 * a second grant a no-op however many callbacks race. Keeps `course.enrolledCount` in step in the same
 * transaction. Answers whether a new enrollment was made (the caller then tells the page cache).
 */
export async function grantEnrollmentInTx(
  trx: Kysely<DB>,
  { userId, courseId, paymentId, bundlePaymentId, instalmentPlanId, at }: EnrollmentGrant,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('enrollment')
    .values({
      id: newId(),
      userId,
      courseId,
      paymentId,
      bundlePaymentId: bundlePaymentId ?? null,
      instalmentPlanId: instalmentPlanId ?? null,
      createdAt: at,
    })
    .onConflict((oc) => oc.columns(['userId', 'courseId']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
  await trx
    .updateTable('course')
    .set((eb) => ({ enrolledCount: eb('enrolledCount', '+', 1) }))
    .where('id', '=', courseId)
    .execute();
  return true;
}
