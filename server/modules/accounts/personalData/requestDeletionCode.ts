import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { invalidInput, unauthenticated } from '#server/core/errors.ts';
import { toLocale } from '#common/accounts/locale.ts';
import { limitOtpSends } from '../phone/limitOtpSends.ts';
import { OTP } from '../phone/otpPolicy.ts';
import { sendOtpCode } from '../phone/sendOtpCode.ts';
import type { CodeSent } from '../phone/requestPhoneCode.ts';
import { passwordHashOf } from './passwordHashOf.ts';

export const NO_PHONE_FOR_CODE = 'This account has a password: enter it to delete the account.';

/**
 * A phone-only account (no password to confirm with) confirms its deletion with a one-time code sent by
 * SMS to its phone, within the usual sending limits.
 */
export async function requestDeletionCode(
  services: Services,
  actor: Actor,
  { clientIp }: { clientIp: string },
): Promise<CodeSent> {
  if (!actor) throw unauthenticated('Please sign in to delete your account.');
  const user = await services.database.db
    .selectFrom('user')
    .select(['phone', 'locale'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  if ((await passwordHashOf(services, { userId: actor.userId })) !== null || !user.phone)
    throw invalidInput(NO_PHONE_FOR_CODE);
  await limitOtpSends(services, { phone: user.phone, clientIp });
  const { challengeId, validMinutes } = await sendOtpCode(services, {
    to: { phone: user.phone },
    purpose: 'delete',
    locale: toLocale(user.locale),
    payload: { userId: actor.userId },
  });
  return { challengeId, phone: user.phone, resendAfterS: OTP.resendAfterS, validMinutes };
}
