import type { Actor } from '#server/core/actor.ts';
import { conflict, forbidden, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { isUniqueViolation } from '#server/db/isUniqueViolation.ts';
import { reportInputSchema } from '#common/questions/questionSchemas.ts';
import { canReportQuestionItem } from '../access/policies.ts';
import { findQuestionItemForActor } from './findQuestionItemForActor.ts';

/**
 * "Report" a question or an answer to the admins: once per person and item (a second report is a 409 and
 * counts nothing), never one's own words. The report and the item's count move together, so the admin
 * queue's "reports" figure is exact under concurrency.
 */
export async function reportQuestionItem(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ reported: true }> {
  if (!actor) throw unauthenticated();
  const { kind, itemId } = parseInput(reportInputSchema, input);
  const { db } = services.database;
  const { item, found } = await findQuestionItemForActor(services, actor, { kind, itemId });
  if (!canReportQuestionItem(actor, found.course, found.enrolled, item))
    throw forbidden('You cannot report your own words.');
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('questionReport')
        .values({ itemId, questionId: item.questionId, userId: actor.userId, createdAt: services.clock.now() })
        .execute();
      await trx
        .updateTable(kind)
        .set((eb) => ({ reportCount: eb('reportCount', '+', 1) }))
        .where('id', '=', itemId)
        .execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You already reported this.');
    throw err;
  }
  return { reported: true };
}
