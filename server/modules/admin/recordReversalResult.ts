import { z } from 'zod';
import { resultCodeSchema } from '#server/daraja/resultCodes.ts';
import type { Services } from '#server/core/services.ts';
import { notFound } from '#server/core/errors.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { findOvertakenRecord } from '#server/modules/payments/findOvertakenRecord.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';

// Daraja's asynchronous answer to a reversal request (ResultURL / QueueTimeOutURL), read by name only.
const reversalResult = z.object({
  Result: z.object({
    // Numeric on success; failures may carry codes like "R000002".
    ResultCode: resultCodeSchema,
    ResultDesc: z.string().max(500).default(''),
    ConversationID: z.string().min(1).max(100),
  }),
});

/**
 * M-Pesa's final word on a refund. Success needs nothing (the purchase was marked refunded when the
 * reversal was accepted). A failure is written to the audit log, where admins see it, so the customer can
 * be paid back by hand: access was already revoked. Unknown or malformed results change nothing; the URL
 * must carry our secret (Daraja's results are not signed).
 */
export async function recordReversalResult(
  services: Services,
  { secret, body }: { secret: string; body: unknown },
): Promise<void> {
  if (!safeEqual(secret, services.config.mpesa.callbackSecret)) throw notFound();
  const parsed = reversalResult.safeParse(body);
  if (!parsed.success) return;
  const { ResultCode, ResultDesc, ConversationID } = parsed.data.Result;
  if (ResultCode === 0) return;
  const { db } = services.database;
  const refund = await findRefund(services, ConversationID);
  if (!refund) return;
  services.log.warn({ paymentId: refund.paymentId, ResultCode, ResultDesc }, 'M-Pesa reversal failed');
  await recordAuditInTx(db, {
    actorId: 'mpesa',
    action: 'purchase.refund_failed',
    targetType: 'payment',
    targetId: refund.paymentId,
    details: { amount: refund.amount, resultCode: ResultCode, reason: ResultDesc || 'Reversal failed' },
  });
}

/** The refund a result names (the result may overtake our record of its ConversationID). */
function findRefund(services: Services, conversationId: string) {
  const { db } = services.database;
  return findOvertakenRecord(
    () =>
      db
        .selectFrom('refund')
        .select(['id', 'paymentId', 'amount'])
        .where('providerRef', '=', conversationId)
        .executeTakeFirst(),
    async () =>
      !!(await db.selectFrom('refund').select('id').where('providerRef', 'is', null).limit(1).executeTakeFirst()),
  );
}
