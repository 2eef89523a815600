import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

/** Removes a search synonym an admin added (the reviewed list is changed in the repository), audited. */
export async function removeSearchSynonym(
  services: Services,
  actor: Actor,
  { synonymId }: { synonymId: string },
): Promise<void> {
  requireAdmin(actor);
  if (!isId(synonymId)) throw notFound('Synonym not found.');
  await services.database.db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('searchSynonym')
      .where('id', '=', synonymId)
      .returning(['term', 'means'])
      .executeTakeFirst();
    if (!gone) throw notFound('Synonym not found.');
    await recordAuditInTx(trx, {
      actorId: actor.userId,
      action: 'synonym.remove',
      targetType: 'synonym',
      targetId: synonymId,
      details: { term: gone.term, means: JSON.parse(gone.means) },
    });
  });
}
