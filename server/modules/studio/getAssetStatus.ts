import { notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { canManageAsset } from '../access/policies.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { loadAssetViews, type AssetView } from './assetView.ts';

/** One uploaded file's state, for its uploader or an admin; anyone else (or an unknown id) gets a 404. */
export async function getAssetStatus(services: Services, actor: Actor, assetId: unknown): Promise<AssetView> {
  const { db } = services.database;
  if (!isId(assetId)) throw notFound();
  const asset = await db.selectFrom('mediaAsset').select('ownerId').where('id', '=', assetId).executeTakeFirst();
  if (!asset || !canManageAsset(actor, asset)) throw notFound();
  const view = (await loadAssetViews(db, [assetId])).get(assetId);
  if (!view) throw notFound();
  return view;
}
