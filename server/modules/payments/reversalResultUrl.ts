import type { Config } from '#server/config/config.ts';

/** Where Daraja answers a reversal: unsigned like the STK callback, so the path carries the same secret. */
export function reversalResultUrl(config: Config): string {
  return `${config.mpesa.callbackBaseUrl ?? config.publicUrl}/api/mpesa/reversal/${config.mpesa.callbackSecret}`;
}
