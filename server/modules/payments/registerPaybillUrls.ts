import type { Services } from '#server/core/services.ts';
import { paybillUrls } from './paybillUrls.ts';

/**
 * Tells Daraja where to send Paybill validation and confirmation, at start-up. Registering the same URLs
 * again is harmless; a failure is logged and does not stop the server (the prompt still works).
 */
export async function registerPaybillUrls(services: Services): Promise<boolean> {
  try {
    await services.daraja.registerC2bUrls(paybillUrls(services.config));
    services.log.info('Paybill (C2B) URLs registered with M-Pesa');
    return true;
  } catch (err) {
    services.log.warn({ err: String(err) }, 'Paybill (C2B) URL registration failed; Paybill payments will not be seen');
    return false;
  }
}
