import type { Actor } from '#server/core/actor.ts';
import { forbidden, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { questionItemSchema } from '#common/questions/questionSchemas.ts';
import { canChangeQuestionItem } from '../access/policies.ts';
import { ONLY_YOUR_OWN } from './editQuestionItem.ts';
import { findQuestionItemForActor } from './findQuestionItemForActor.ts';

/**
 * Its author deletes a question, with its answers, votes and reports (a thread without its question means
 * nothing), or an answer with its reports; in one transaction. The course page's counts change, so public
 * caches are cleared after a question goes.
 */
export async function deleteQuestionItem(services: Services, actor: Actor, input: unknown): Promise<{ deleted: true }> {
  if (!actor) throw unauthenticated();
  const { kind, itemId } = parseInput(questionItemSchema, input);
  const { item, found } = await findQuestionItemForActor(services, actor, { kind, itemId });
  if (!canChangeQuestionItem(actor, found.course, found.enrolled, item)) throw forbidden(ONLY_YOUR_OWN);
  await services.database.db.transaction().execute(async (trx) => {
    if (kind === 'answer') {
      await trx.deleteFrom('questionReport').where('itemId', '=', itemId).execute();
      await trx.deleteFrom('answer').where('id', '=', itemId).execute();
      return;
    }
    for (const table of ['questionVote', 'questionReport', 'answer'] as const)
      await trx.deleteFrom(table).where('questionId', '=', itemId).execute();
    await trx.deleteFrom('question').where('id', '=', itemId).execute();
  });
  if (kind === 'question') services.catalogChanged();
  return { deleted: true };
}
