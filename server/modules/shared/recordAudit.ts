import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

export type AuditAction =
  | 'course.publish'
  | 'course.unpublish'
  | 'course.feature'
  | 'course.unfeature'
  | 'user.suspend'
  | 'user.restore'
  | 'purchase.refund'
  | 'purchase.refund_requested'
  | 'purchase.refund_retried'
  | 'purchase.refund_failed'
  | 'job.retry'
  | 'payout.hold'
  | 'payout.release'
  | 'payout.retry'
  | 'payout.settle_paid'
  | 'payout.settle_failed'
  | 'ledger.adjust'
  | 'account.deleted'
  | 'review.hide'
  | 'review.restore'
  | 'question.hide'
  | 'question.restore'
  | 'answer.hide'
  | 'answer.restore'
  | 'synonym.add'
  | 'synonym.remove';

export interface AuditEntry {
  /** The admin's user id, 'mpesa' for what M-Pesa reported, or the person deleting their own account. */
  actorId: string;
  action: AuditAction;
  targetType: 'course' | 'user' | 'payment' | 'job' | 'payout' | 'review' | 'question' | 'answer' | 'synonym';
  targetId: string;
  details?: Record<string, unknown>;
}

/** Writes one audit entry; called inside the action's own transaction so the two stand or fall together. */
export async function recordAuditInTx(
  trx: Kysely<DB>,
  { actorId, action, targetType, targetId, details = {} }: AuditEntry,
): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      id: newId(),
      actorId,
      action,
      targetType,
      targetId,
      details: JSON.stringify(details),
      createdAt: new Date(),
    })
    .execute();
}
