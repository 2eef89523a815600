import type { AppServices } from '../../http/appContext.ts';
import { tooMany } from '../../http/errors.ts';
import { consumeRateLimit, pruneRateLimits } from './rateLimit.ts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/** Every this many attempts, this process drops counters whose window ended long ago. */
const PRUNE_EVERY = 200;
let attempts = 0;

export type AttemptKind = 'sign-in' | 'sign-up' | 'reset';

export const accountLimitKey = (kind: AttemptKind, email: string) => `${kind}:email:${email.trim().toLowerCase()}`;

/**
 * Counts one sign-in, sign-up or reset attempt per client IP and per email (AUTH_LIMIT_* settings) and
 * refuses it with 429 once either budget of the window is spent. The IP budget is the larger one: many
 * Kenyan mobile users share a carrier-grade NAT address.
 */
export async function limitAuthAttempts(
  services: AppServices,
  kind: AttemptKind,
  clientIp: string,
  email: string | null,
): Promise<void> {
  const { config, database } = services;
  const window = config.AUTH_LIMIT_WINDOW_SECONDS;
  const checks: Promise<{ allowed: boolean }>[] = [];
  if (config.AUTH_LIMIT_PER_IP > 0)
    checks.push(consumeRateLimit(database.db, `${kind}:ip:${clientIp}`, { window, max: config.AUTH_LIMIT_PER_IP }));
  if (email && config.AUTH_LIMIT_PER_ACCOUNT > 0)
    checks.push(consumeRateLimit(database.db, accountLimitKey(kind, email), { window, max: config.AUTH_LIMIT_PER_ACCOUNT }));
  if (++attempts % PRUNE_EVERY === 0) checks.push(pruneRateLimits(database.db, 2 * window * 1000).then(() => ({ allowed: true })));
  const results = await Promise.all(checks);
  if (results.some((r) => !r.allowed)) throw tooMany(TOO_MANY_ATTEMPTS);
}
