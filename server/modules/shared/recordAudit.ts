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
  | 'purchase.refund_failed'
  | 'job.retry'
  | 'payout.hold'
  | 'payout.release'
  | 'payout.retry'
  | 'ledger.adjust'
  | 'account.deleted'
  | 'review.hide'
  | 'review.restore';

export interface AuditEntry {
  /** The admin's user id, 'mpesa' for what M-Pesa reported, or the person deleting their own account. */
  actorId: string;
  action: AuditAction;
  targetType: 'course' | 'user' | 'payment' | 'job' | 'payout' | 'review';
  targetId: string;
  details?: Record<string, unknown>;
}

/** Writes one audit entry; called inside the action's own transaction so the two stand or fall together. */
export async function recordAudit(db: Kysely<DB>, e: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      id: newId(),
      actorId: e.actorId,
      action: e.action,
      targetType: e.targetType,
      targetId: e.targetId,
      details: JSON.stringify(e.details ?? {}),
      createdAt: new Date(),
    })
    .execute();
}
