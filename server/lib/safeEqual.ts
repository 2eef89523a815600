import { timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets (a callback URL's secret segment, a code) without telling an attacker, by timing, how
 * much of it was right.
 */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
