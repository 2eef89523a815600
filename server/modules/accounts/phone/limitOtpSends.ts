import type { Services } from '#server/core/services.ts';
import { rateLimited } from '#server/core/errors.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { consumeRateLimit } from '../rateLimit.ts';
import { OTP } from './otpPolicy.ts';

/**
 * Counts one code sent to `phone` (or an e-mail address, for e-mailed codes) from `clientIp`, in order: the
 * IP's budget (OTP_SEND_LIMIT_PER_IP an hour; 0: none), then this phone from this IP, then the phone over the hour and over the day. A budget already
 * spent stops the count there, so a stranger who is refused does not go on eating into the phone's overall
 * budget; the day's cap answers with its own words and Retry-After.
 */
export async function limitOtpSends(
  services: Services,
  { phone, clientIp }: { phone: string; clientIp: string },
): Promise<void> {
  const perIp = services.config.OTP_SEND_LIMIT_PER_IP;
  const steps: (readonly [string, { readonly window: number; readonly max: number }])[] = [
    [`otp-send:phone-ip:${phone}:${clientIp}`, OTP.send.perPhoneAndIp],
    [`otp-send:phone:${phone}`, OTP.send.perPhone],
    [`otp-send:phone-day:${phone}`, OTP.send.perPhoneDay],
  ];
  if (perIp > 0) steps.unshift([`otp-send:ip:${clientIp}`, { window: OTP.send.perIp.window, max: perIp }]);
  for (const [key, rule] of steps) {
    const { allowed, retryAfter } = await consumeRateLimit(services, { key, rule });
    if (!allowed)
      throw rateLimited(
        rule === OTP.send.perPhoneDay ? PHONE_TEXT.tooManyCodesToday : PHONE_TEXT.tooManyCodes,
        retryAfter,
      );
  }
}
