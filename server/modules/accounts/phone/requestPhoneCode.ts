import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { kenyanPhoneSchema, phoneSignUpSchema } from '#common/accounts/phoneSchemas.ts';
import { toLocale } from '#common/accounts/locale.ts';
import { sendSms } from '../../messaging/sendSms.ts';
import { SMS_TEXTS } from '../../messaging/smsTexts.ts';
import { findPhoneAccount } from './findPhoneAccount.ts';
import { limitOtpSends } from './limitOtpSends.ts';
import { sendOtpCode } from './sendOtpCode.ts';
import { OTP, type OtpPurpose } from './otpPolicy.ts';

export interface CodeSent {
  /** Names this code: the code form sends it back with the digits. */
  challengeId: string;
  phone: string;
  resendAfterS: number;
  /** How long the code works. */
  validMinutes: number;
}

const purposeSchema = z.object({ purpose: z.enum(['sign-in', 'sign-up', 'reset']) });

/**
 * Sends a 6-digit code by SMS, in the person's language, for signing in, signing up or resetting a
 * password by phone. Checks first everything the code would be used for (the sign-up form in full, an
 * account behind the number), then the sending limits; a number the gateway refuses is reported in plain
 * words and leaves no usable code behind. Sign-up for a number that already has an account, and sign-in or
 * reset for one that has none, answer the same, but the SMS says so to the number's holder and carries no
 * code (decision 0042): the answer does not tell a stranger whose number is registered.
 */
export async function requestPhoneCode(
  services: Services,
  { form, clientIp }: { form: unknown; clientIp: string },
): Promise<CodeSent> {
  const { purpose } = parseInput(purposeSchema, form);
  const { phone, locale, payload, notice } = await checkPurpose(services, purpose, form);
  await limitOtpSends(services, { phone, clientIp });
  if (notice) await sendSms(services, { phone, purpose: 'otp', text: notice });
  const { challengeId, validMinutes } = await sendOtpCode(services, {
    to: { phone },
    purpose,
    locale,
    payload,
    decoy: notice !== null,
  });
  return { challengeId, phone, resendAfterS: OTP.resendAfterS, validMinutes };
}

async function checkPurpose(services: Services, purpose: OtpPurpose, form: unknown) {
  const db = services.database.db;
  if (purpose === 'sign-up') {
    const signUp = parseInput(phoneSignUpSchema, form);
    const owner = await db
      .selectFrom('user')
      .select('locale')
      .where('phone', '=', signUp.phone)
      .where('phoneVerified', '=', true)
      .executeTakeFirst();
    // An e-mail already in use is said only after the code proves the phone (registerByPhone).
    const locale = owner ? toLocale(owner.locale) : signUp.locale;
    const link = `${services.config.publicUrl}/login?method=phone`;
    return {
      phone: signUp.phone,
      locale,
      payload: signUp,
      notice: owner ? SMS_TEXTS.accountExistsSms[locale](link) : null,
    };
  }
  const { phone } = parseInput(z.object({ phone: kenyanPhoneSchema }), form);
  const account = await findPhoneAccount(services, { phone });
  if (!account) {
    const link = `${services.config.publicUrl}/register?method=phone`;
    return { phone, locale: 'en' as const, payload: null, notice: SMS_TEXTS.noAccountSms.en(link) };
  }
  return { phone, locale: toLocale(account.locale), payload: null, notice: null };
}
