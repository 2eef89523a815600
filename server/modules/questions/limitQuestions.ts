import type { Services } from '#server/core/services.ts';
import { rateLimited } from '#server/core/errors.ts';
import { consumeRateLimit } from '../accounts/rateLimit.ts';

export const TOO_MANY_QUESTIONS = 'You have asked many questions in the last hour. Please try again later.';

/**
 * Counts one question asked by this person against QUESTION_LIMIT_PER_HOUR (a fixed hour) and refuses it
 * with 429 once the hour's budget is spent: a flood of questions would bury the lesson's discussion and
 * fill its creator's inbox. Called after every other check, so a refused question spends nothing.
 */
export async function limitQuestions(services: Services, { userId }: { userId: string }): Promise<void> {
  const max = services.config.QUESTION_LIMIT_PER_HOUR;
  if (max === 0) return;
  const { allowed, retryAfter } = await consumeRateLimit(services, {
    key: `question-ask:${userId}`,
    rule: { window: 3600, max },
  });
  if (!allowed) throw rateLimited(TOO_MANY_QUESTIONS, retryAfter);
}
