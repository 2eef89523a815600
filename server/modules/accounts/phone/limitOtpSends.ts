import type { Services } from '#server/core/services.ts';
import { rateLimited } from '#server/core/errors.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { consumeRateLimit } from '../rateLimit.ts';
import { OTP } from './otpPolicy.ts';

/**
 * Counts one code sent to `phone` from `clientIp`, in order: the IP's budget, then this phone from this
 * IP, then the phone overall. A budget already spent stops the count there, so a stranger who is refused
 * does not go on eating into the phone's overall budget.
 */
export async function limitOtpSends(
  services: Services,
  { phone, clientIp }: { phone: string; clientIp: string },
): Promise<void> {
  const steps = [
    [`otp-send:ip:${clientIp}`, OTP.send.perIp],
    [`otp-send:phone-ip:${phone}:${clientIp}`, OTP.send.perPhoneAndIp],
    [`otp-send:phone:${phone}`, OTP.send.perPhone],
  ] as const;
  for (const [key, rule] of steps) {
    const { allowed, retryAfter } = await consumeRateLimit(services, { key, rule });
    if (!allowed) throw rateLimited(PHONE_TEXT.tooManyCodes, retryAfter);
  }
}
