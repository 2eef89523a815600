import type { Config } from '#server/config/config.ts';

// Where Daraja sends Paybill (C2B) validation and confirmation. Unsigned, so the path carries our secret;
// Daraja refuses URLs with words like "mpesa" in them, hence "paybill".
export function paybillUrls(config: Config): { validationUrl: string; confirmationUrl: string } {
  const base = `${config.mpesa.callbackBaseUrl ?? config.publicUrl}/api/payments/paybill`;
  return {
    validationUrl: `${base}/validate/${config.mpesa.callbackSecret}`,
    confirmationUrl: `${base}/confirm/${config.mpesa.callbackSecret}`,
  };
}
