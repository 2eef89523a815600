import type { Services } from '#server/core/services.ts';
import { askTransactionStatus } from './askTransactionStatus.ts';
import { receiptCheckUrl } from './receiptCheckUrl.ts';

/**
 * Asks M-Pesa (Transaction Status) about a paid payment whose receipt is not confirmed: by the receipt a
 * callback claimed, or, without one, by the STK push's CheckoutRequestID. The answer comes to
 * handleReceiptResult. Throws when M-Pesa cannot be reached (the job retries).
 */
export async function queryReceipt(services: Services, { paymentId }: { paymentId: string }): Promise<void> {
  const { db } = services.database;
  const p = await db
    .selectFrom('payment')
    .select(['id', 'claimedReceipt', 'checkoutRequestId', 'receiptCheck'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (p?.receiptCheck !== 'pending' || (!p.claimedReceipt && !p.checkoutRequestId)) return;
  await db.updateTable('payment').set({ receiptCheckedAt: services.clock.now() }).where('id', '=', p.id).execute();
  await askTransactionStatus(services, {
    transactionId: p.claimedReceipt,
    checkoutRequestId: p.checkoutRequestId!,
    url: receiptCheckUrl(services.config, p.id),
    remarks: 'Receipt check',
    occasion: p.id,
  });
}
