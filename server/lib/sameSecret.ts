import { timingSafeEqual } from 'node:crypto';

/** Compares a secret from a URL without telling an attacker, by timing, how much of it was right. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
