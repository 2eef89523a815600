import type { Actor } from '#server/core/actor.ts';
import { conflict, notFound } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toBool } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import type { QuestionAction } from '#common/questions/questionSchemas.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';

/**
 * Hides a question or an answer (ids are unique across both: the item is whichever has it; then shown to
 * admins only, and a hidden question takes its answers with it) or restores it. The change and its audit
 * entry are one transaction; public caches (the course page's counts) are cleared after it.
 */
export async function moderateQuestionItem(
  services: Services,
  actor: Actor,
  { itemId, action }: { itemId: string; action: QuestionAction },
): Promise<{ hidden: boolean }> {
  requireAdmin(actor);
  if (!isId(itemId)) throw notFound('Question not found.');
  const hidden = action === 'hide';
  await services.database.db.transaction().execute(async (trx) => {
    const read = (kind: 'question' | 'answer') =>
      trx.selectFrom(kind).select(['id', 'hidden', 'body']).where('id', '=', itemId).executeTakeFirst();
    const question = await read('question');
    const kind = question ? 'question' : 'answer';
    const item = question ?? (await read('answer'));
    if (!item) throw notFound('Question not found.');
    if (toBool(item.hidden) === hidden) throw conflict(hidden ? 'This is already hidden.' : 'This is not hidden.');
    await trx.updateTable(kind).set({ hidden }).where('id', '=', itemId).execute();
    await recordAuditInTx(trx, {
      actorId: actor.userId,
      action: `${kind}.${action}`,
      targetType: kind,
      targetId: itemId,
      details: { body: item.body.slice(0, 200) },
    });
  });
  services.catalogChanged();
  return { hidden };
}
