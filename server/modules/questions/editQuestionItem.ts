import type { Actor } from '#server/core/actor.ts';
import { forbidden, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { editItemInputSchema } from '#common/questions/questionSchemas.ts';
import { canChangeQuestionItem } from '../access/policies.ts';
import { findQuestionItemForActor } from './findQuestionItemForActor.ts';

export const ONLY_YOUR_OWN = 'You can only edit or delete your own questions and answers.';

/**
 * Its author rewords a question or an answer (the same limits as when it was written); it is then shown
 * "Edited". The same words again change nothing. Nothing is stored on a refusal.
 */
export async function editQuestionItem(services: Services, actor: Actor, input: unknown): Promise<{ edited: boolean }> {
  if (!actor) throw unauthenticated();
  const { kind, itemId, body } = parseInput(editItemInputSchema, input);
  const { item, found } = await findQuestionItemForActor(services, actor, { kind, itemId });
  if (!canChangeQuestionItem(actor, found.course, found.enrolled, item)) throw forbidden(ONLY_YOUR_OWN);
  if (item.body === body) return { edited: false };
  await services.database.db
    .updateTable(kind)
    .set({ body, editedAt: services.clock.now() })
    .where('id', '=', itemId)
    .execute();
  return { edited: true };
}
