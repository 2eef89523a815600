import type { Services } from '#server/core/services.ts';
import { invalidInput } from '#server/core/errors.ts';
import { toLocale } from '#common/accounts/locale.ts';
import { passwordHashOf } from '../personalData/passwordHashOf.ts';
import { limitOtpSends } from './limitOtpSends.ts';
import { OTP, type OtpPurpose } from './otpPolicy.ts';
import type { CodeSent } from './requestPhoneCode.ts';
import { sendOtpCode } from './sendOtpCode.ts';

/**
 * A one-time code for `purpose`, bound to the account, sent by SMS to its own phone within the usual sending
 * limits: the proof a phone-only account gives where others type their password. An account with a password
 * (or without a phone) is refused with `hasPassword`, which tells it to use the password instead.
 */
export async function sendCodeToOwnPhone(
  services: Services,
  {
    userId,
    purpose,
    clientIp,
    hasPassword,
  }: { userId: string; purpose: OtpPurpose; clientIp: string; hasPassword: string },
): Promise<CodeSent> {
  const user = await services.database.db
    .selectFrom('user')
    .select(['phone', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if ((await passwordHashOf(services, { userId })) !== null || !user.phone) throw invalidInput(hasPassword);
  await limitOtpSends(services, { phone: user.phone, clientIp });
  const { challengeId, validMinutes } = await sendOtpCode(services, {
    to: { phone: user.phone },
    purpose,
    locale: toLocale(user.locale),
    payload: { userId },
  });
  return { challengeId, phone: user.phone, resendAfterS: OTP.resendAfterS, validMinutes };
}
