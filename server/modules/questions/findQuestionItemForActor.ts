import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toBool } from '#server/db/values.ts';
import type { QuestionItemKind } from '#common/questions/questionSchemas.ts';
import { canSeeHiddenQuestions } from '../access/policies.ts';
import { findQuestionForActor, type QuestionForActor } from './findQuestionForActor.ts';

export interface QuestionItemForActor {
  item: { questionId: string; userId: string; body: string };
  found: QuestionForActor;
}

/**
 * A question or an answer this actor can see, with its thread (`found`), or a 404 ("Question not found." /
 * "Answer not found."): no such item, hidden from them, or a course whose discussion is not theirs.
 */
export async function findQuestionItemForActor(
  services: Pick<Services, 'database'>,
  actor: Actor,
  { kind, itemId }: { kind: QuestionItemKind; itemId: string },
): Promise<QuestionItemForActor> {
  const item = await services.database.db
    .selectFrom(kind)
    .select([kind === 'question' ? 'id as questionId' : 'questionId', 'userId', 'body', 'hidden'])
    .where('id', '=', itemId)
    .executeTakeFirst();
  const found = item && (await findQuestionForActor(services, actor, { questionId: item.questionId }));
  if (!item || !found || (toBool(item.hidden) && !canSeeHiddenQuestions(actor)))
    throw notFound(kind === 'question' ? 'Question not found.' : 'Answer not found.');
  const { questionId, userId, body } = item;
  return { item: { questionId, userId, body }, found };
}
