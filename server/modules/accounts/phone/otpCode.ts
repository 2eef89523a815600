import { createHmac, randomInt } from 'node:crypto';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { OTP } from './otpPolicy.ts';

/** A uniformly random code of OTP.digits digits (leading zeros kept). */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
}

/**
 * Codes are stored as HMAC-SHA256 under the auth secret, bound to their challenge: a plain hash of six
 * digits would be reversed by trying all million, a keyed one cannot be without the secret.
 */
export function hashOtpCode(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('base64url');
}

export function otpCodeMatches(secret: string, challengeId: string, code: string, stored: string): boolean {
  return safeEqual(hashOtpCode(secret, challengeId, code), stored);
}
