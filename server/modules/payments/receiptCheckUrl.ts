import type { Config } from '#server/config/config.ts';

/**
 * Where Daraja answers a Transaction Status query about a payment's receipt (ResultURL and QueueTimeOutURL).
 * Unsigned, so the path carries our secret, and it names the payment (the result carries only the query's
 * own ids).
 */
export const receiptCheckUrl = (config: Config, paymentId: string) =>
  `${config.mpesa.callbackBaseUrl ?? config.publicUrl}/api/mpesa/receipt/${config.mpesa.callbackSecret}/${paymentId}`;
