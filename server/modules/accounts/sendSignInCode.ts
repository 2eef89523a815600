import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { toLocale } from '#common/accounts/locale.ts';
import type { Services } from '#server/core/services.ts';
import { toBool } from '#server/db/values.ts';
import { limitOtpSends } from './phone/limitOtpSends.ts';
import { OTP } from './phone/otpPolicy.ts';
import { sendOtpCode, type CodeDestination } from './phone/sendOtpCode.ts';

/** What a sign-in past the account-wide limit answers, whether or not the password was right. */
export interface CodeRequired {
  challengeId: string;
  validMinutes: number;
  resendAfterS: number;
}

/** A hash to check wrong e-mails against, made once. */
let dummyHash: Promise<string> | null = null;
const dummy = () => {
  dummyHash ??= hashPassword('not the password of anyone');
  return dummyHash;
};

/**
 * The sign-in step past the account-wide limit (limitAuthAttempts): a correct password for an active account
 * sends a one-time code, by SMS to the account's proven phone, else by e-mail, and no session yet; a wrong
 * one stores a code sent to no one. The answers are alike, so the step tells a guesser nothing about the
 * password, and only the owner, who receives the code, gets in (signInWithCode).
 */
export async function sendSignInCode(
  services: Services,
  { email, password, clientIp }: { email: string; password: string; clientIp: string },
): Promise<CodeRequired> {
  const user = await services.database.db
    .selectFrom('user')
    .leftJoin('account', (j) => j.onRef('account.userId', '=', 'user.id').on('account.providerId', '=', 'credential'))
    .select(['user.id', 'user.status', 'user.phone', 'user.phoneVerified', 'user.locale', 'account.password'])
    .where('user.email', '=', email)
    .executeTakeFirst();
  // A wrong e-mail costs the same scrypt as a wrong password.
  const hash = user?.password ?? (await dummy());
  const right = (await verifyPassword({ hash, password })) && user?.password != null && user.status === 'active';
  const locale = toLocale(user?.locale);
  if (!right || !user)
    return codeRequired(
      await sendOtpCode(services, { to: { email }, purpose: 'sign-in-step', locale, payload: null, decoy: true }),
    );
  const payload = { userId: user.id };
  const to: CodeDestination = toBool(user.phoneVerified) && user.phone ? { phone: user.phone } : { email };
  await limitOtpSends(services, { phone: 'phone' in to ? to.phone : `email:${email}`, clientIp });
  return codeRequired(await sendOtpCode(services, { to, purpose: 'sign-in-step', locale, payload }));
}

const codeRequired = (sent: { challengeId: string; validMinutes: number }): CodeRequired => ({
  ...sent,
  resendAfterS: OTP.resendAfterS,
});
