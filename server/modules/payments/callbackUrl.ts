import type { Config } from '#server/config/config.ts';

/** Where Daraja calls back: unsigned, so the path carries a secret. */
export function callbackUrl(config: Config): string {
  return `${config.mpesa.callbackBaseUrl ?? config.publicUrl}/api/mpesa/callback/${config.mpesa.callbackSecret}`;
}
