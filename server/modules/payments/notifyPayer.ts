import type { Services } from '#server/core/services.ts';
import { PermanentJobError } from '#server/jobs/defineJob.ts';
import { type Locale, toLocale } from '#common/accounts/locale.ts';
import { sendEmail } from '../messaging/sendEmail.ts';
import { sendSms } from '../messaging/sendSms.ts';

type Text<F> = Record<Locale, (facts: F) => string>;

/**
 * Tells the payer about a payment (its receipt, its refund) by one channel, in their language: an e-mail to
 * the account's address (none: nothing to send), or an SMS to the account's phone, or to the paying M-Pesa
 * number when the account has none, with the course's title cut to 40 characters. For a job: a number the
 * gateway refuses fails it for good, anything else not sent is retried.
 */
export async function notifyPayer<F extends { amount: string; course: string }>(
  services: Services,
  {
    what,
    channel,
    payer,
    facts,
    texts,
    signal,
  }: {
    what: 'receipt' | 'refund';
    channel: 'sms' | 'email';
    payer: { email: string | null; phone: string; paidFrom: string; locale: string | null };
    /** With the course's whole title. */
    facts: F;
    texts: { emailSubject: Text<F>; email: Text<F>; sms: Text<F> };
    signal: AbortSignal;
  },
): Promise<void> {
  const locale = toLocale(payer.locale);
  if (channel === 'email') {
    if (!payer.email) return;
    await sendEmail(services.config, services.log, {
      to: payer.email,
      subject: texts.emailSubject[locale](facts),
      text: texts.email[locale](facts),
    });
    return;
  }
  const course = facts.course.length > 40 ? `${facts.course.slice(0, 39)}…` : facts.course;
  const phone = /^\+254[17]\d{8}$/.test(payer.phone) ? payer.phone : `+${payer.paidFrom}`;
  const text = texts.sms[locale]({ ...facts, course });
  const sms = await sendSms(services, { phone, purpose: 'receipt', text, signal });
  if (sms.outcome === 'invalid_number' || sms.outcome === 'blocked')
    throw new PermanentJobError(`${what} SMS refused: ${sms.detail}`);
  if (sms.outcome !== 'accepted') throw new Error(`${what} SMS not sent: ${sms.detail}`);
}
