import type { Actor } from '#server/core/actor.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { voteInputSchema } from '#common/questions/questionSchemas.ts';
import { findQuestionForActor } from './findQuestionForActor.ts';

/**
 * "Upvote" and taking it back. The request says the vote wanted (`voted`), not "flip it": the button sends
 * the opposite of what it shows, so two taps that cross, or a retried request, land on the same state. One
 * vote per person and question (the primary key); an insert that meets an existing vote does nothing.
 */
export async function voteOnQuestion(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ voted: boolean; votes: number }> {
  if (!actor) throw unauthenticated();
  const { questionId, voted } = parseInput(voteInputSchema, input);
  if (!(await findQuestionForActor(services, actor, { questionId }))) throw notFound('Question not found.');
  const { db } = services.database;
  if (voted)
    await db
      .insertInto('questionVote')
      .values({ questionId, userId: actor.userId, createdAt: services.clock.now() })
      .onConflict((oc) => oc.columns(['questionId', 'userId']).doNothing())
      .execute();
  else
    await db
      .deleteFrom('questionVote')
      .where('questionId', '=', questionId)
      .where('userId', '=', actor.userId)
      .execute();
  const { n } = await db
    .selectFrom('questionVote')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('questionId', '=', questionId)
    .executeTakeFirstOrThrow();
  return { voted, votes: Number(n) };
}
