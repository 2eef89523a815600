import type { Config } from '#server/config/config.ts';

/** What a reversal gave back: a refunded purchase, or a second payment returned to its payer. */
export type ReversalSubject = 'refund' | 'incoming';

/**
 * Where Daraja answers a Transaction Status query about a reversal (ResultURL and QueueTimeOutURL): the
 * path carries our secret, names the refund or the returned payment, and the reversal request asked about
 * (its OriginatorConversationID), so a late answer about an earlier attempt never settles a retry.
 */
export const reversalCheckUrl = (config: Config, subject: ReversalSubject, id: string, originator: string) =>
  `${config.mpesa.callbackBaseUrl ?? config.publicUrl}/api/mpesa/reversal-check/${config.mpesa.callbackSecret}/${subject}/${id}/${encodeURIComponent(originator)}`;
