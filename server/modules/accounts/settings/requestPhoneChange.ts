import { z } from 'zod';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import { toLocale } from '#common/accounts/locale.ts';
import { kenyanPhoneSchema } from '#common/accounts/phoneSchemas.ts';
import type { Actor } from '#server/core/actor.ts';
import { invalidInput, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { toBool } from '#server/db/values.ts';
import { sendSms } from '../../messaging/sendSms.ts';
import { SMS_TEXTS } from '../../messaging/smsTexts.ts';
import { limitOtpSends } from '../phone/limitOtpSends.ts';
import { OTP } from '../phone/otpPolicy.ts';
import type { CodeSent } from '../phone/requestPhoneCode.ts';
import { sendOtpCode } from '../phone/sendOtpCode.ts';

/**
 * Asks to change the signed-in person's M-Pesa number (decision 0048): a code goes by SMS to the NEW number
 * and the number changes only when it comes back (confirmPhoneChange). A number another account has proven
 * gets a notice and no code, with the same answer (a decoy challenge), as phone sign-up does (decision 0042).
 * The usual code limits apply, counted before anything is looked up.
 */
export async function requestPhoneChange(
  services: Services,
  actor: Actor,
  { form, clientIp }: { form: unknown; clientIp: string },
): Promise<CodeSent> {
  if (!actor) throw unauthenticated();
  const { phone } = parseInput(z.object({ phone: kenyanPhoneSchema }), form);
  const db = services.database.db;
  const me = await db
    .selectFrom('user')
    .select(['phone', 'phoneVerified', 'locale'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  if (me.phone === phone && toBool(me.phoneVerified))
    throw invalidInput(ACCOUNT_TEXT.phoneSame, { phone: ACCOUNT_TEXT.phoneSame });
  await limitOtpSends(services, { phone, clientIp });
  const owner = await db
    .selectFrom('user')
    .select('locale')
    .where('phone', '=', phone)
    .where('phoneVerified', '=', true)
    .where('id', '!=', actor.userId)
    .executeTakeFirst();
  if (owner)
    await sendSms(services, { phone, purpose: 'otp', text: SMS_TEXTS.phoneTakenSms[toLocale(owner.locale)]() });
  const { challengeId, validMinutes } = await sendOtpCode(services, {
    to: { phone },
    purpose: 'phone-change',
    locale: toLocale(me.locale),
    payload: owner ? null : { userId: actor.userId },
    decoy: owner !== undefined,
  });
  return { challengeId, phone, resendAfterS: OTP.resendAfterS, validMinutes };
}
