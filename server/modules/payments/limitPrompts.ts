import type { Services } from '#server/core/services.ts';
import { rateLimited } from '#server/core/errors.ts';
import { toBool } from '#server/db/values.ts';
import { toDarajaPhone } from '#common/phone.ts';
import { consumeRateLimit } from '../accounts/rateLimit.ts';

export const TOO_MANY_PROMPTS = 'Too many M-Pesa prompts for this number or account.';

/**
 * Counts one M-Pesa prompt about to be sent to `phone` for `userId` (MPESA_PROMPT_LIMIT_* settings), and
 * refuses it with 429 once a budget of the window is spent: first the account's (one account, many phones),
 * then the phone's across all accounts (many new accounts, one phone). A budget already spent stops the
 * count there, so refused requests do not eat into the next one. The phone's own account (its number proven
 * by a one-time code) is spared the phone-wide budget: strangers flooding a number cannot stop its owner
 * from buying.
 */
export async function limitPrompts(
  services: Services,
  { userId, phone }: { userId: string; phone: string },
): Promise<void> {
  const { config } = services;
  const rule = (max: number) => ({ window: config.MPESA_PROMPT_LIMIT_WINDOW_SECONDS, max });
  const steps: [string, number][] = [];
  if (config.MPESA_PROMPT_LIMIT_PER_ACCOUNT > 0)
    steps.push([`mpesa-prompt:account:${userId}`, config.MPESA_PROMPT_LIMIT_PER_ACCOUNT]);
  if (config.MPESA_PROMPT_LIMIT_PER_PHONE > 0 && !(await ownsPhone(services, userId, phone)))
    steps.push([`mpesa-prompt:phone:${phone}`, config.MPESA_PROMPT_LIMIT_PER_PHONE]);
  for (const [key, max] of steps) {
    const { allowed, retryAfter } = await consumeRateLimit(services, { key, rule: rule(max) });
    if (!allowed) throw rateLimited(TOO_MANY_PROMPTS, retryAfter);
  }
}

async function ownsPhone(services: Services, userId: string, phone: string): Promise<boolean> {
  const user = await services.database.db
    .selectFrom('user')
    .select(['phone', 'phoneVerified'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return !!user && toBool(user.phoneVerified) && toDarajaPhone(user.phone) === phone;
}
