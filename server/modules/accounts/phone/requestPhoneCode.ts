import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import { conflict, DomainError, invalidInput } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { newId } from '#server/lib/ids.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { kenyanPhoneSchema, phoneSignUpSchema } from '#common/accounts/phoneSchemas.ts';
import { toLocale } from '#common/accounts/locale.ts';
import { EMAIL_TAKEN } from '../createAccount.ts';
import { sendSms } from '../../messaging/sendSms.ts';
import { SMS_TEXTS } from '../../messaging/smsTexts.ts';
import { findPhoneAccount } from './findPhoneAccount.ts';
import { limitOtpSends } from './limitOtpSends.ts';
import { hashOtpCode, newOtpCode } from './otpCode.ts';
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
 * words and leaves no usable code behind.
 */
export async function requestPhoneCode(
  services: Services,
  { form, clientIp }: { form: unknown; clientIp: string },
): Promise<CodeSent> {
  const { purpose } = parseInput(purposeSchema, form);
  const { phone, locale, payload } = await checkPurpose(services, purpose, form);
  await limitOtpSends(services, { phone, clientIp });
  const db = services.database.db;
  const now = services.clock.now();
  const challengeId = newId();
  const code = newOtpCode();
  const secret = (await services.auth.$context).secret;
  await db
    .insertInto('otpChallenge')
    .values({
      id: challengeId,
      phone,
      purpose,
      codeHash: hashOtpCode(secret, challengeId, code),
      expiresAt: new Date(now.getTime() + services.config.OTP_TTL_SECONDS * 1000),
      usedAt: null,
      payload: payload ? JSON.stringify(payload) : null,
      smsId: null,
      createdAt: now,
    })
    .execute();
  const sms = await sendSms(services, { phone, purpose: 'otp', text: SMS_TEXTS.otp[locale](code, minutes(services)) });
  if (sms.outcome !== 'accepted') {
    await db.updateTable('otpChallenge').set({ usedAt: now }).where('id', '=', challengeId).execute();
    if (sms.outcome === 'invalid_number')
      throw invalidInput(PHONE_TEXT.smsInvalidNumber, { phone: PHONE_TEXT.smsInvalidNumber });
    if (sms.outcome === 'blocked') throw invalidInput(PHONE_TEXT.smsBlocked, { phone: PHONE_TEXT.smsBlocked });
    throw new DomainError('provider_unavailable', PHONE_TEXT.smsUnavailable);
  }
  await db.updateTable('otpChallenge').set({ smsId: sms.id }).where('id', '=', challengeId).execute();
  return { challengeId, phone, resendAfterS: OTP.resendAfterS, validMinutes: minutes(services) };
}

const minutes = (services: Services) => Math.max(1, Math.round(services.config.OTP_TTL_SECONDS / 60));

async function checkPurpose(services: Services, purpose: OtpPurpose, form: unknown) {
  const db = services.database.db;
  if (purpose === 'sign-up') {
    const signUp = parseInput(phoneSignUpSchema, form);
    const taken = await db
      .selectFrom('user')
      .select('id')
      .where('phone', '=', signUp.phone)
      .where('phoneVerified', '=', true)
      .executeTakeFirst();
    if (taken) throw conflict(PHONE_TEXT.phoneTaken, { phone: PHONE_TEXT.phoneTaken });
    if (signUp.email && (await db.selectFrom('user').select('id').where('email', '=', signUp.email).executeTakeFirst()))
      throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    return { phone: signUp.phone, locale: signUp.locale, payload: signUp };
  }
  const { phone } = parseInput(z.object({ phone: kenyanPhoneSchema }), form);
  const account = await findPhoneAccount(services, { phone });
  if (!account) throw invalidInput(PHONE_TEXT.noAccountForPhone, { phone: PHONE_TEXT.noAccountForPhone });
  return { phone, locale: toLocale(account.locale), payload: null };
}
