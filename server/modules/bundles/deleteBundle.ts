import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { forbidden, notFound, unauthenticated } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { BUNDLE_TEXT } from '#common/bundles/bundleSchemas.ts';
import { canManageBundle } from '../access/policies.ts';

/**
 * Takes a bundle off sale for good (its creator or an admin). The row stays, marked deleted, so the purchases
 * that name it keep their title and can still be refunded; what they granted is untouched.
 */
export async function deleteBundle(
  services: Services,
  actor: Actor,
  { bundleId }: { bundleId: string },
): Promise<void> {
  if (!actor) throw unauthenticated();
  const { db } = services.database;
  if (!isId(bundleId)) throw notFound(BUNDLE_TEXT.notFound);
  const bundle = await db
    .selectFrom('bundle')
    .select(['id', 'creatorId'])
    .where('id', '=', bundleId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!bundle) throw notFound(BUNDLE_TEXT.notFound);
  if (!canManageBundle(actor, bundle)) throw forbidden('Only its creator can delete this bundle.');
  await db.updateTable('bundle').set({ deletedAt: services.clock.now() }).where('id', '=', bundle.id).execute();
  services.catalogChanged();
}
