import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { invalidInput, unauthenticated } from '#server/core/errors.ts';
import { toLocale } from '#common/accounts/locale.ts';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import { limitOtpSends } from '../phone/limitOtpSends.ts';
import { OTP } from '../phone/otpPolicy.ts';
import { sendOtpCode } from '../phone/sendOtpCode.ts';
import type { CodeSent } from '../phone/requestPhoneCode.ts';
import { passwordHashOf } from '../personalData/passwordHashOf.ts';

/**
 * A phone-only account sets its first password with a code sent to its phone (decision 0048): being
 * signed in is not enough, since a session left open on a shared phone would otherwise hand over the account.
 */
export async function requestPasswordCode(
  services: Services,
  actor: Actor,
  { clientIp }: { clientIp: string },
): Promise<CodeSent> {
  if (!actor) throw unauthenticated();
  const user = await services.database.db
    .selectFrom('user')
    .select(['phone', 'locale'])
    .where('id', '=', actor.userId)
    .executeTakeFirstOrThrow();
  if ((await passwordHashOf(services, { userId: actor.userId })) !== null || !user.phone)
    throw invalidInput(ACCOUNT_TEXT.noPhoneForCode);
  await limitOtpSends(services, { phone: user.phone, clientIp });
  const { challengeId, validMinutes } = await sendOtpCode(services, {
    to: { phone: user.phone },
    purpose: 'set-password',
    locale: toLocale(user.locale),
    payload: { userId: actor.userId },
  });
  return { challengeId, phone: user.phone, resendAfterS: OTP.resendAfterS, validMinutes };
}
