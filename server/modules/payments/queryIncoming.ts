import type { Services } from '#server/core/services.ts';
import { askTransactionStatus } from './askTransactionStatus.ts';
import { incomingCheckUrl } from './incomingCheckUrl.ts';

/**
 * Asks M-Pesa (Transaction Status) about money still being checked: by its TransID, or (an STK success
 * without a receipt number) by the push's CheckoutRequestID. The answer comes to handleIncomingResult.
 * Throws when M-Pesa cannot be reached (the job retries).
 */
export async function queryIncoming(services: Services, { incomingId }: { incomingId: string }): Promise<void> {
  const { db } = services.database;
  const row = await db
    .selectFrom('mpesaIncoming')
    .select(['id', 'state', 'transId', 'checkoutRequestId'])
    .where('id', '=', incomingId)
    .executeTakeFirst();
  if (row?.state !== 'checking' || (!row.transId && !row.checkoutRequestId)) return;
  await db.updateTable('mpesaIncoming').set({ checkedAt: services.clock.now() }).where('id', '=', row.id).execute();
  await askTransactionStatus(services, {
    transactionId: row.transId,
    checkoutRequestId: row.checkoutRequestId!,
    url: incomingCheckUrl(services.config, row.id),
    remarks: 'Payment check',
    occasion: row.id,
  });
}
