import type { Config } from '../config/config.ts';
import { createSmsSimulator, type SmsSimulator } from './createSmsSimulator.ts';

/**
 * Demo mode: with SMS_ENV=simulator and no SMS_BASE_URL, the server starts its own Africa's Talking
 * simulator (credentials from the config, port SMS_SIMULATOR_PORT). Null when SMS go elsewhere. The
 * delivery-report URL is set once the server knows its own address.
 */
export async function startEmbeddedSmsSimulator(config: Config): Promise<SmsSimulator | null> {
  if (config.sms.env !== 'simulator' || config.sms.baseUrl) return null;
  return createSmsSimulator({
    username: config.sms.username,
    apiKey: config.sms.apiKey,
    port: config.SMS_SIMULATOR_PORT,
    reportDelayMs: config.SMS_SIMULATOR_REPORT_DELAY_MS,
  });
}

/** The URL Africa's Talking's dashboard would be given for delivery reports. */
export function deliveryReportUrl(config: Config): string | null {
  const secret = config.sms.deliveryReportSecret;
  return secret ? `${config.publicUrl}/api/sms/delivery/${secret}` : null;
}
