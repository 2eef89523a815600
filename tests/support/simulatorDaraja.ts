// The M-Pesa simulator's credentials (the defaults the server reads in simulator mode) and a Daraja
// client's settings for talking to a simulator, for tests that start one themselves.
import { MPESA_SIMULATOR_CREDENTIALS } from '#common/simulators.ts';
import type { DarajaSettings } from '#server/daraja/darajaClient.ts';

export function simulatorCredentials() {
  return { ...MPESA_SIMULATOR_CREDENTIALS };
}

/** A Daraja client's settings for a simulator at `baseUrl`. */
export function simulatorDarajaSettings(baseUrl: string): DarajaSettings {
  const credentials = simulatorCredentials();
  return {
    ...credentials,
    baseUrl,
    partyB: credentials.shortcode,
    transactionType: 'CustomerPayBillOnline',
    initiatorName: 'apiop',
    securityCredential: 'encrypted-credential',
  };
}
