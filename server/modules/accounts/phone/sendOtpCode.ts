import type { Services } from '#server/core/services.ts';
import { DomainError, invalidInput } from '#server/core/errors.ts';
import { newId } from '#server/lib/ids.ts';
import type { Locale } from '#common/accounts/locale.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { sendEmail } from '../../messaging/sendEmail.ts';
import { sendSms } from '../../messaging/sendSms.ts';
import { SMS_TEXTS } from '../../messaging/smsTexts.ts';
import { hashOtpCode, newOtpCode } from './otpCode.ts';
import type { OtpPurpose } from './otpPolicy.ts';

/** Where a code goes: by SMS to a phone, or by e-mail (an account without a proven phone). */
export type CodeDestination = { phone: string } | { email: string };

/**
 * Stores a new one-time code for `purpose` (hashed, with `payload` for its use) and sends it in `locale`.
 * A code the SMS gateway refuses is used up at once and reported in plain words. `decoy` stores a challenge
 * whose code is sent to no one: an answer that must look like "a code was sent" without sending one.
 */
export async function sendOtpCode(
  services: Services,
  {
    to,
    purpose,
    locale,
    payload,
    decoy = false,
  }: { to: CodeDestination; purpose: OtpPurpose; locale: Locale; payload: unknown; decoy?: boolean },
): Promise<{ challengeId: string; validMinutes: number }> {
  const db = services.database.db;
  const now = services.clock.now();
  const challengeId = newId();
  const code = newOtpCode();
  const secret = (await services.auth.$context).secret;
  const validMinutes = Math.max(1, Math.round(services.config.OTP_TTL_SECONDS / 60));
  await db
    .insertInto('otpChallenge')
    .values({
      id: challengeId,
      // E-mailed codes have no phone; the column keeps '' for them.
      phone: 'phone' in to ? to.phone : '',
      purpose,
      codeHash: hashOtpCode(secret, challengeId, code),
      expiresAt: new Date(now.getTime() + services.config.OTP_TTL_SECONDS * 1000),
      usedAt: null,
      payload: payload ? JSON.stringify(payload) : null,
      smsId: null,
      createdAt: now,
    })
    .execute();
  if (decoy) return { challengeId, validMinutes };
  if ('email' in to) {
    // A sign-up code says so; every other e-mailed code is a sign-in step (the owner's password was used).
    const signUp = purpose === 'sign-up-email';
    await sendEmail(services.config, services.log, {
      to: to.email,
      subject: (signUp ? SMS_TEXTS.signUpCodeEmailSubject : SMS_TEXTS.codeEmailSubject)[locale](),
      text: (signUp ? SMS_TEXTS.signUpCodeEmailBody : SMS_TEXTS.codeEmailBody)[locale](code, validMinutes),
    });
    return { challengeId, validMinutes };
  }
  const sms = await sendSms(services, {
    phone: to.phone,
    purpose: 'otp',
    text: SMS_TEXTS.otp[locale](code, validMinutes),
  });
  if (sms.outcome !== 'accepted') {
    await db.updateTable('otpChallenge').set({ usedAt: now }).where('id', '=', challengeId).execute();
    if (sms.outcome === 'invalid_number')
      throw invalidInput(PHONE_TEXT.smsInvalidNumber, { phone: PHONE_TEXT.smsInvalidNumber });
    if (sms.outcome === 'blocked') throw invalidInput(PHONE_TEXT.smsBlocked, { phone: PHONE_TEXT.smsBlocked });
    throw new DomainError('provider_unavailable', PHONE_TEXT.smsUnavailable);
  }
  await db.updateTable('otpChallenge').set({ smsId: sms.id }).where('id', '=', challengeId).execute();
  return { challengeId, validMinutes };
}
