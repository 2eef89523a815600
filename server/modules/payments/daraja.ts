import type { Config, MpesaSettings } from '../../config.ts';
import { createDarajaClient, type DarajaClient } from '../../daraja/darajaClient.ts';

// One client (and so one cached OAuth token) per configuration, shared by every request of the process.
const clients = new WeakMap<MpesaSettings, DarajaClient>();

export function darajaFor(config: Config): DarajaClient {
  const s = config.mpesa;
  let client = clients.get(s);
  if (!client) {
    if (!s.baseUrl) throw new Error('M-Pesa base URL is not set (the simulator was not started)');
    client = createDarajaClient({ ...s, baseUrl: s.baseUrl });
    clients.set(s, client);
  }
  return client;
}

/** Where Daraja calls back: unsigned, so the path carries a secret. */
export function callbackUrl(config: Config): string {
  return `${config.mpesa.callbackBaseUrl ?? config.publicUrl}/api/mpesa/callback/${config.mpesa.callbackSecret}`;
}
