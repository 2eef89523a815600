import type { Services } from '#server/core/services.ts';
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
  const url = receiptCheckUrl(services.config, p.id);
  await services.daraja.transactionStatus({
    ...(p.claimedReceipt ? { transactionId: p.claimedReceipt } : {}),
    originatorConversationId: p.claimedReceipt ? '' : p.checkoutRequestId!,
    partyA: services.config.mpesa.shortcode,
    resultUrl: url,
    queueTimeoutUrl: url,
    remarks: 'Receipt check',
    occasion: p.id,
  });
}
