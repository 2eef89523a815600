import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

/**
 * Gives a learner lifetime access to a course, at most once: the unique (userId, courseId) constraint makes
 * a second grant a no-op however many callbacks race. Keeps `course.enrolledCount` in step in the same
 * transaction. Answers whether a new enrollment was made (the caller then tells the page cache).
 */
export async function grantEnrollment(
  trx: Transaction<DB> | Kysely<DB>,
  grant: { userId: string; courseId: string; paymentId: string | null },
  at: Date = new Date(),
): Promise<boolean> {
  const inserted = await trx
    .insertInto('enrollment')
    .values({ id: newId(), ...grant, createdAt: at })
    .onConflict((oc) => oc.columns(['userId', 'courseId']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
  await trx
    .updateTable('course')
    .set((eb) => ({ enrolledCount: eb('enrolledCount', '+', 1) }))
    .where('id', '=', grant.courseId)
    .execute();
  return true;
}
