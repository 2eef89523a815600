import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { grantEnrollmentInTx } from './grantEnrollment.ts';

/**
 * A paid instalment part (decision 0068) as a sale: the first part enrolls the learner with the plan (so
 * access follows its parts paid), a later part counts only for a plan still running whose enrollment
 * stands and whose part was not paid by another payment. Answers whether it was sold; a part that was not
 * (paid twice, or after a refund stopped its plan) is returned by the caller like any second payment.
 */
export async function grantPartInTx(
  trx: Kysely<DB>,
  {
    paymentId,
    userId,
    courseId,
    planId,
    part,
    at,
  }: { paymentId: string; userId: string; courseId: string; planId: string; part: number; at: Date },
): Promise<boolean> {
  const plan = await trx.selectFrom('instalmentPlan').select('stoppedAt').where('id', '=', planId).executeTakeFirst();
  if (!plan || plan.stoppedAt !== null) return false;
  const other = await trx
    .selectFrom('payment')
    .select('id')
    .where('instalmentPlanId', '=', planId)
    .where('instalmentPart', '=', part)
    .where('status', 'in', ['paid', 'refunded'])
    .where('id', '!=', paymentId)
    .executeTakeFirst();
  if (other) return false;
  if (part === 1) return grantEnrollmentInTx(trx, { userId, courseId, paymentId: null, instalmentPlanId: planId, at });
  const enrolled = await trx
    .selectFrom('enrollment')
    .select('id')
    .where('userId', '=', userId)
    .where('courseId', '=', courseId)
    .where('instalmentPlanId', '=', planId)
    .executeTakeFirst();
  return !!enrolled;
}
