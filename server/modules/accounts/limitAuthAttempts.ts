import type { Services } from '#server/core/services.ts';
import { rateLimited } from '#server/core/errors.ts';
import { consumeRateLimit, pruneRateLimits } from './rateLimit.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** Every this many attempts, this process drops counters whose window ended long ago. */
const PRUNE_EVERY = 200;
let attempts = 0;

export type AttemptKind = 'sign-in' | 'sign-up' | 'reset';

export const accountLimitKey = (kind: AttemptKind, email: string) => `${kind}:email:${email.trim().toLowerCase()}`;
const accountFromIpKey = (kind: AttemptKind, email: string, ip: string) => `${accountLimitKey(kind, email)}:ip:${ip}`;
const deviceKey = (kind: AttemptKind, deviceId: string) => `${kind}:device:${deviceId}`;
/** Sign-in guesses at one account from all unknown devices together: a slow-down, ten times the budget. */
const ACCOUNT_WIDE_FACTOR = 10;

/** The counters a successful sign-in clears (the account's own failures from this address or device). */
export function signInLimitKeys(email: string, clientIp: string, deviceId: string | null): string[] {
  return [accountFromIpKey('sign-in', email, clientIp), ...(deviceId ? [deviceKey('sign-in', deviceId)] : [])];
}

/**
 * Counts one sign-in, sign-up or reset attempt per client IP and per email (AUTH_LIMIT_* settings) and
 * refuses it with 429 once a budget of the window is spent. The IP budget is the larger one: many Kenyan
 * mobile users share a carrier-grade NAT address.
 *
 * Sign-in is limited so that guessing stops without a stranger locking the owner out (decision 0019): per
 * (account, address) AUTH_LIMIT_PER_ACCOUNT; per account from all unknown devices ten times that; and a
 * browser holding the account's known-device cookie (`deviceId`) has its own budget and is exempt from the
 * account-wide one.
 */
export async function limitAuthAttempts(
  services: Services,
  {
    kind,
    clientIp,
    email,
    deviceId = null,
  }: { kind: AttemptKind; clientIp: string; email: string | null; deviceId?: string | null },
): Promise<void> {
  const { config } = services;
  const window = config.AUTH_LIMIT_WINDOW_SECONDS;
  const perAccount = config.AUTH_LIMIT_PER_ACCOUNT;
  const keys: [string, number][] = [];
  if (config.AUTH_LIMIT_PER_IP > 0) keys.push([`${kind}:ip:${clientIp}`, config.AUTH_LIMIT_PER_IP]);
  if (email && perAccount > 0) {
    if (kind !== 'sign-in') keys.push([accountLimitKey(kind, email), perAccount]);
    else if (deviceId) keys.push([deviceKey(kind, deviceId), perAccount]);
    else {
      keys.push([accountFromIpKey(kind, email, clientIp), perAccount]);
      keys.push([accountLimitKey(kind, email), perAccount * ACCOUNT_WIDE_FACTOR]);
    }
  }
  const checks = keys.map(([key, max]) => consumeRateLimit(services, { key, rule: { window, max } }));
  if (++attempts % PRUNE_EVERY === 0)
    checks.push(
      pruneRateLimits(services, { olderThanMs: 2 * window * 1000 }).then(() => ({ allowed: true, retryAfter: null })),
    );
  const results = await Promise.all(checks);
  const refused = results.filter((r) => !r.allowed);
  if (refused.length) throw rateLimited(TOO_MANY_ATTEMPTS, Math.max(...refused.map((r) => r.retryAfter ?? 1)));
}
