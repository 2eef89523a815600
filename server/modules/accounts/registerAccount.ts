import { hashPassword } from 'better-auth/crypto';
import { toLocale } from '#common/accounts/locale.ts';
import { registrationSchema } from '#common/accounts/registrationSchema.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { sendEmail } from '../messaging/sendEmail.ts';
import { SMS_TEXTS } from '../messaging/smsTexts.ts';
import { limitAuthAttempts } from './limitAuthAttempts.ts';
import { limitOtpSends } from './phone/limitOtpSends.ts';
import { OTP } from './phone/otpPolicy.ts';
import { sendOtpCode } from './phone/sendOtpCode.ts';
import type { CodeRequired } from './sendSignInCode.ts';
import type { PendingSignUp } from './completeRegistration.ts';

/**
 * Sign-up by e-mail, first step (docs/product.md, decision 0045): the form is validated in full (role admin
 * is refused like any other bad value) and rate-limited, then a 6-digit code is e-mailed to the address and
 * the account is made only when it comes back (completeRegistration). For an address that already has an
 * account the answer is the same, at the same cost (the password is hashed either way, one e-mail is sent
 * either way, the same sending limits are counted), but the e-mail tells the owner someone tried to sign up
 * with it and carries no code, and the challenge is a decoy: the answer does not say who is registered.
 */
export async function registerAccount(
  services: Services,
  { form, clientIp }: { form: unknown; clientIp: string },
): Promise<CodeRequired> {
  const a = parseInput(registrationSchema, form);
  await limitAuthAttempts(services, { kind: 'sign-up', clientIp, email: a.email });
  await limitOtpSends(services, { phone: `email:${a.email}`, clientIp });
  // The plain password goes no further than this hash: the challenge keeps the hash for the account.
  const passwordHash = await hashPassword(a.password);
  const owner = await services.database.db
    .selectFrom('user')
    .select(['name', 'locale'])
    .where('email', '=', a.email)
    .executeTakeFirst();
  if (owner) {
    const locale = toLocale(owner.locale);
    const site = services.config.publicUrl;
    await sendEmail(services.config, services.log, {
      to: a.email,
      subject: SMS_TEXTS.accountExistsEmailSubject[locale](),
      text: SMS_TEXTS.accountExistsEmailBody[locale]({
        name: owner.name,
        signIn: `${site}/login`,
        forgot: `${site}/forgot-password`,
      }),
    });
  }
  const pending: PendingSignUp = {
    name: a.name,
    email: a.email,
    passwordHash,
    phone: a.phone,
    role: a.role,
    locale: a.locale,
  };
  const sent = await sendOtpCode(services, {
    to: { email: a.email },
    purpose: 'sign-up-email',
    locale: a.locale,
    payload: owner ? null : pending,
    decoy: owner !== undefined,
  });
  return { challengeId: sent.challengeId, validMinutes: sent.validMinutes, resendAfterS: OTP.resendAfterS };
}
