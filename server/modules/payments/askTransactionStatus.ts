import type { Services } from '#server/core/services.ts';

/**
 * Asks M-Pesa (Transaction Status) about money paid to our shortcode: by its M-Pesa transaction id (TransID,
 * receipt number) when there is one, otherwise by the STK push's CheckoutRequestID. The answer comes to
 * `url` (ResultURL and QueueTimeOutURL). Throws when M-Pesa cannot be reached.
 */
export async function askTransactionStatus(
  services: Services,
  {
    transactionId,
    checkoutRequestId,
    url,
    remarks,
    occasion,
  }: { transactionId: string | null; checkoutRequestId: string; url: string; remarks: string; occasion: string },
): Promise<void> {
  await services.daraja.transactionStatus({
    ...(transactionId ? { transactionId } : {}),
    originatorConversationId: transactionId ? '' : checkoutRequestId,
    partyA: services.config.mpesa.shortcode,
    resultUrl: url,
    queueTimeoutUrl: url,
    remarks,
    occasion,
  });
}
