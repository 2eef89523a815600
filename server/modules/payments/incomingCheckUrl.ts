import type { Config } from '#server/config/config.ts';

/**
 * Where Daraja answers a Transaction Status query about money told to us by a C2B confirmation or a second
 * STK success (ResultURL and QueueTimeOutURL). Unsigned, so the path carries our secret and names the row.
 */
export const incomingCheckUrl = (config: Config, incomingId: string) =>
  `${config.mpesa.callbackBaseUrl ?? config.publicUrl}/api/mpesa/incoming/${config.mpesa.callbackSecret}/${incomingId}`;
