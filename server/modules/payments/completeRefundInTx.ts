import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { postRefundInTx } from '../ledger/postRefundInTx.ts';
import { stopPlanInTx } from '../enrollments/stopPlanInTx.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { transitionPaymentsInTx } from './paymentStateMachine.ts';

/**
 * The money of a refund is back with the payer (M-Pesa confirmed the reversal): the payment becomes
 * refunded, the sale is reversed in the ledger, the enrollments it bought (one, or a bundle's; an instalment
 * plan's once none of its parts is left paid) are revoked and their courses' student counts lowered. Returns false, changing nothing, unless the refund was still requested.
 */
export async function completeRefundInTx(
  trx: Kysely<DB>,
  { refundId, now }: { refundId: string; now: Date },
): Promise<boolean> {
  const moved = await trx
    .updateTable('refund')
    .set({ status: 'done', failureReason: null, updatedAt: now })
    .where('id', '=', refundId)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) return false;
  const r = await trx
    .selectFrom('refund')
    .innerJoin('payment', 'payment.id', 'refund.paymentId')
    .select(['refund.paymentId', 'refund.actorId', 'refund.amount', 'refund.providerRef'])
    .where('refund.id', '=', refundId)
    .executeTakeFirstOrThrow();
  await transitionPaymentsInTx(trx, { from: 'paid', to: 'refunded', changes: { updatedAt: now } })
    .where('id', '=', r.paymentId)
    .execute();
  // The sale is reversed in the ledger with its own split; a creator already paid goes negative.
  await postRefundInTx(trx, { paymentId: r.paymentId, actorId: r.actorId, now });
  // A course's enrollment names its payment; a bundle's enrollments name it as their bundle payment; an
  // instalment plan's enrollment goes with its last part still paid (decision 0068).
  const planGone = await stopPlanInTx(trx, { paymentId: r.paymentId, now });
  const revoked = await trx
    .deleteFrom('enrollment')
    .where((eb) =>
      eb.or([
        eb('paymentId', '=', r.paymentId),
        eb('bundlePaymentId', '=', r.paymentId),
        ...(planGone ? [eb('instalmentPlanId', '=', planGone)] : []),
      ]),
    )
    .returning('courseId')
    .execute();
  if (revoked.length > 0) {
    await trx
      .updateTable('course')
      .set((eb) => ({
        enrolledCount: eb
          .case()
          .when('enrolledCount', '>', 0)
          .then(eb('enrolledCount', '-', 1))
          .else(0)
          .end(),
      }))
      .where(
        'id',
        'in',
        revoked.map((e) => e.courseId),
      )
      .execute();
  }
  await recordAuditInTx(trx, {
    actorId: 'mpesa',
    action: 'purchase.refund',
    targetType: 'payment',
    targetId: r.paymentId,
    details: { amount: r.amount, providerRef: r.providerRef },
  });
  return true;
}
