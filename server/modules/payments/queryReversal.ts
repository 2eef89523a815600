import type { Services } from '#server/core/services.ts';
import { reversalCheckUrl, type ReversalSubject } from './reversalCheckUrl.ts';

/**
 * Asks M-Pesa (Transaction Status) about a reversal still unconfirmed, by the OriginatorConversationID its
 * request was answered with (Daraja's documented way to ask about a request of ours). The answer comes to
 * handleReversalCheck. Throws when M-Pesa cannot be reached (the job retries).
 */
export async function queryReversal(
  services: Services,
  { subject, id }: { subject: ReversalSubject; id: string },
): Promise<void> {
  const { db } = services.database;
  const row =
    subject === 'refund'
      ? await db
          .selectFrom('refund')
          .select(['reversalOriginatorId as originator'])
          .where('id', '=', id)
          .where('status', '=', 'requested')
          .executeTakeFirst()
      : await db
          .selectFrom('mpesaIncoming')
          .select(['reversalOriginatorId as originator'])
          .where('id', '=', id)
          .where('state', '=', 'returning')
          .executeTakeFirst();
  if (!row?.originator) return;
  const url = reversalCheckUrl(services.config, subject, id, row.originator);
  await services.daraja.transactionStatus({
    originatorConversationId: row.originator,
    partyA: services.config.mpesa.shortcode,
    resultUrl: url,
    queueTimeoutUrl: url,
    remarks: 'Reversal check',
    occasion: id,
  });
}
