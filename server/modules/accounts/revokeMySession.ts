import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';

/**
 * Signs one of the person's own sessions out, named by its id (list-sessions shows ids, never tokens:
 * decision 0042). Another person's session id changes nothing, and the answer is the same.
 */
export async function revokeMySession(services: Services, actor: Actor, input: unknown): Promise<void> {
  if (!actor) throw unauthenticated('Please sign in.');
  const { sessionId } = parseInput(z.object({ sessionId: z.string().min(1).max(64) }), input);
  await services.database.db
    .deleteFrom('session')
    .where('id', '=', sessionId)
    .where('userId', '=', actor.userId)
    .execute();
}
