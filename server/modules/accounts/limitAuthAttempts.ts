import type { Services } from '#server/core/services.ts';
import { rateLimited } from '#server/core/errors.ts';
import { clearRateLimit, consumeRateLimit, pruneRateLimits, refundRateLimit } from './rateLimit.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** Every this many attempts, this process drops counters whose window ended long ago. */
const PRUNE_EVERY = 200;
let attempts = 0;

export type AttemptKind = 'sign-in' | 'sign-up' | 'reset';

export const accountLimitKey = (kind: AttemptKind, email: string) => `${kind}:email:${email.trim().toLowerCase()}`;
const accountFromIpKey = (kind: AttemptKind, email: string, ip: string) => `${accountLimitKey(kind, email)}:ip:${ip}`;
const deviceKey = (kind: AttemptKind, deviceId: string) => `${kind}:device:${deviceId}`;
/** Sign-in guesses at one account from all unknown devices together: past ten times the budget, a code. */
const ACCOUNT_WIDE_FACTOR = 10;

/**
 * Only failures count against the account: a good sign-in clears its address's or device's counter, and
 * gives back what it counted account-wide.
 */
export async function forgiveSignIn(
  services: Services,
  { email, clientIp, deviceId }: { email: string; clientIp: string; deviceId: string | null },
): Promise<void> {
  if (deviceId) return clearRateLimit(services, { key: deviceKey('sign-in', deviceId) });
  await clearRateLimit(services, { key: accountFromIpKey('sign-in', email, clientIp) });
  await refundRateLimit(services, { key: accountLimitKey('sign-in', email) });
}

/**
 * Counts one sign-in, sign-up or reset attempt per client IP and per email (AUTH_LIMIT_* settings) and
 * refuses it with 429 once a budget of the window is spent. The IP budget is the larger one: many Kenyan
 * mobile users share a carrier-grade NAT address. Budgets are counted in order and an attempt refused by
 * one gives back what it counted before: a refused attempt spends no budget at all.
 *
 * Sign-in is limited so that guessing stops without a stranger locking the owner out (decisions 0019,
 * 0042): per (account, address) AUTH_LIMIT_PER_ACCOUNT, refused past it; a browser holding the account's
 * known-device cookie (`deviceId`) has its own budget instead. From unknown devices the account as a whole
 * has ten times that, and past it nothing is refused: the answer is `codeRequired`, and a correct password
 * then needs a one-time code sent to the owner (signIn).
 */
export async function limitAuthAttempts(
  services: Services,
  {
    kind,
    clientIp,
    email,
    deviceId = null,
  }: { kind: AttemptKind; clientIp: string; email: string | null; deviceId?: string | null },
): Promise<{ codeRequired: boolean }> {
  const { config } = services;
  const window = config.AUTH_LIMIT_WINDOW_SECONDS;
  const perAccount = config.AUTH_LIMIT_PER_ACCOUNT;
  const hard: [string, number][] = [];
  if (config.AUTH_LIMIT_PER_IP > 0) hard.push([`${kind}:ip:${clientIp}`, config.AUTH_LIMIT_PER_IP]);
  let accountWide: string | null = null;
  if (email && perAccount > 0) {
    if (kind !== 'sign-in') hard.push([accountLimitKey(kind, email), perAccount]);
    else if (deviceId) hard.push([deviceKey(kind, deviceId), perAccount]);
    else {
      hard.push([accountFromIpKey(kind, email, clientIp), perAccount]);
      accountWide = accountLimitKey(kind, email);
    }
  }
  if (++attempts % PRUNE_EVERY === 0) await pruneRateLimits(services, { olderThanMs: 2 * window * 1000 });
  const counted: string[] = [];
  for (const [key, max] of hard) {
    const { allowed, retryAfter } = await consumeRateLimit(services, { key, rule: { window, max } });
    counted.push(key);
    if (!allowed) {
      for (const k of counted) await refundRateLimit(services, { key: k });
      throw rateLimited(TOO_MANY_ATTEMPTS, retryAfter ?? 1);
    }
  }
  if (!accountWide) return { codeRequired: false };
  const wide = await consumeRateLimit(services, {
    key: accountWide,
    rule: { window, max: perAccount * ACCOUNT_WIDE_FACTOR },
  });
  return { codeRequired: !wide.allowed };
}
