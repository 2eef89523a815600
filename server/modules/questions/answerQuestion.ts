import type { Actor } from '#server/core/actor.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { newId } from '#server/lib/ids.ts';
import { answerInputSchema } from '#common/questions/questionSchemas.ts';
import { findQuestionForActor } from './findQuestionForActor.ts';
import { notifyQuestionJob } from './notifyQuestionJob.ts';

/**
 * Answers a question, by anyone in its course's discussion; the course's creator's answers are marked (and
 * listed first). The asker is told by e-mail, unless they answered themselves. Nothing is stored on a refusal.
 */
export async function answerQuestion(services: Services, actor: Actor, input: unknown): Promise<{ id: string }> {
  if (!actor) throw unauthenticated();
  const { questionId, body } = parseInput(answerInputSchema, input);
  const found = await findQuestionForActor(services, actor, { questionId });
  if (!found) throw notFound('Question not found.');
  const id = newId();
  await services.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('answer')
      .values({
        id,
        questionId,
        userId: actor.userId,
        body,
        isCreator: actor.userId === found.course.creatorId,
        createdAt: services.clock.now(),
      })
      .execute();
    if (actor.userId !== found.question.userId)
      await services.jobs.enqueue(trx, notifyQuestionJob, { kind: 'answered', itemId: id });
  });
  return { id };
}
