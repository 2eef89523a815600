import type { Services } from '#server/core/services.ts';
import { PermanentJobError } from '#server/jobs/defineJob.ts';
import { sendSms } from '../messaging/sendSms.ts';

/**
 * An SMS about a payment (its receipt, its refund) to the account's phone, or to the paying M-Pesa number
 * when the account has none. For a job: a number the gateway refuses fails it for good, anything else
 * not sent is retried.
 */
export async function textPayer(
  services: Services,
  {
    what,
    accountPhone,
    paidFrom,
    text,
    signal,
  }: { what: 'receipt' | 'refund'; accountPhone: string; paidFrom: string; text: string; signal: AbortSignal },
): Promise<void> {
  const phone = /^\+254[17]\d{8}$/.test(accountPhone) ? accountPhone : `+${paidFrom}`;
  const sms = await sendSms(services, { phone, purpose: 'receipt', text, signal });
  if (sms.outcome === 'invalid_number' || sms.outcome === 'blocked')
    throw new PermanentJobError(`${what} SMS refused: ${sms.detail}`);
  if (sms.outcome !== 'accepted') throw new Error(`${what} SMS not sent: ${sms.detail}`);
}
