import type { Config } from '#server/config/config.ts';

// Where Daraja answers payouts. Daraja's results are not signed, so each path carries a secret; the
// Transaction Status result path also names the payout it is about (that result carries only the
// query's own ids) and ends with a token made for that one query, so only an answer to a query we sent
// can settle a payout (decision 0039).
const base = (config: Config) => `${config.mpesa.callbackBaseUrl ?? config.publicUrl}/api/mpesa/b2c`;

export const b2cResultUrl = (config: Config) => `${base(config)}/result/${config.mpesa.b2cResultSecret}`;
export const b2cTimeoutUrl = (config: Config) => `${base(config)}/timeout/${config.mpesa.b2cResultSecret}`;
export const b2cStatusUrl = (config: Config, payoutId: string, token: string) =>
  `${base(config)}/status/${config.mpesa.b2cResultSecret}/${payoutId}/${token}`;
