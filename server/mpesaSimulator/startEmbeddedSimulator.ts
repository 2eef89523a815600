import type { Config } from '../config/config.ts';
import { createMpesaSimulator, type MpesaSimulator } from './createMpesaSimulator.ts';

/**
 * Demo mode: with MPESA_ENV=simulator and no MPESA_BASE_URL, the server starts its own Daraja simulator
 * (credentials from the config, port MPESA_SIMULATOR_PORT). Null when payments go elsewhere.
 */
export async function startEmbeddedSimulator(config: Config): Promise<MpesaSimulator | null> {
  if (config.mpesa.env !== 'simulator' || config.mpesa.baseUrl) return null;
  return createMpesaSimulator({
    ...config.mpesa,
    port: config.MPESA_SIMULATOR_PORT,
    callbackDelayMs: config.MPESA_SIMULATOR_DELAY_MS,
    lateDelayMs: (config.PAYMENT_TIMEOUT_S + 30) * 1000,
    mode: config.MPESA_SIMULATOR_MODE,
  });
}
