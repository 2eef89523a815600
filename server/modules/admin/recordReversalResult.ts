import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import { notFound } from '#server/core/errors.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { findOvertakenRecord } from '#server/modules/payments/findOvertakenRecord.ts';
import { checkReversalJob } from '#server/modules/payments/checkReversalJob.ts';
import type { ReversalSubject } from '#server/modules/payments/reversalCheckUrl.ts';

// Daraja's asynchronous answer to a reversal request (ResultURL / QueueTimeOutURL), read by name only.
const reversalResult = z.object({
  Result: z.object({ ConversationID: z.string().min(1).max(100) }),
});

/**
 * M-Pesa's word on a reversal (a refund, or a second payment returned). It is not signed, so it is only a
 * trigger: the reversal it names is asked about by Transaction Status (checkReversalJob), whose answer
 * alone settles it (handleReversalCheck). Unknown or malformed results change nothing; the URL must carry
 * our secret.
 */
export async function recordReversalResult(
  services: Services,
  { secret, body }: { secret: string; body: unknown },
): Promise<void> {
  if (!safeEqual(secret, services.config.mpesa.callbackSecret)) throw notFound();
  const parsed = reversalResult.safeParse(body);
  if (!parsed.success) return;
  const subject = await findReversal(services, parsed.data.Result.ConversationID);
  if (subject) await services.jobs.enqueue(services.database.db, checkReversalJob, subject);
}

/** The reversal a result names (the result may overtake our record of its ConversationID). */
function findReversal(services: Services, conversationId: string) {
  const { db } = services.database;
  return findOvertakenRecord<{ subject: ReversalSubject; id: string }>(
    async () => {
      const refund = await db
        .selectFrom('refund')
        .select('id')
        .where('providerRef', '=', conversationId)
        .where('status', '=', 'requested')
        .executeTakeFirst();
      if (refund) return { subject: 'refund', id: refund.id };
      const returned = await db
        .selectFrom('mpesaIncoming')
        .select('id')
        .where('reversalRef', '=', conversationId)
        .where('state', '=', 'returning')
        .executeTakeFirst();
      return returned ? { subject: 'incoming', id: returned.id } : undefined;
    },
    async () =>
      !!(await db
        .selectFrom('refund')
        .select('id')
        .where('status', '=', 'requested')
        .where('providerRef', 'is', null)
        .limit(1)
        .executeTakeFirst()) ||
      !!(await db.selectFrom('mpesaIncoming').select('id').where('state', '=', 'extra').limit(1).executeTakeFirst()),
  );
}
