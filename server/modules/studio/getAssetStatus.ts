import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { isId } from '../../lib/ids.ts';
import { canManageAsset, type Actor } from '../access/policies.ts';
import { loadAssetViews, type AssetView } from './assetView.ts';

/** One uploaded file's state, for its uploader or an admin; anyone else (or an unknown id) gets a 404. */
export async function getAssetStatus(db: Kysely<DB>, actor: Actor, assetId: unknown): Promise<AssetView> {
  if (!isId(assetId)) throw notFound();
  const asset = await db.selectFrom('mediaAsset').select('ownerId').where('id', '=', assetId).executeTakeFirst();
  if (!asset || !canManageAsset(actor, asset)) throw notFound();
  const view = (await loadAssetViews(db, [assetId])).get(assetId);
  if (!view) throw notFound();
  return view;
}
