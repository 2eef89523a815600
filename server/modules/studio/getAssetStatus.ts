import { z } from 'zod';
import { notFound } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { canManageAsset } from '../access/policies.ts';
import { loadAssetViews, type AssetView } from './assetView.ts';

// The id as a URL gives it: any text; one that is not an id is answered like an unknown one.
const assetRef = z.object({ assetId: z.string() });

/**
 * One uploaded file's state (`input.assetId`), for its uploader or an admin; anyone else (or an unknown id)
 * gets a 404.
 */
export async function getAssetStatus(services: Services, actor: Actor, input: unknown): Promise<AssetView> {
  const { assetId } = parseInput(assetRef, input);
  if (!isId(assetId)) throw notFound();
  const asset = await services.database.db
    .selectFrom('mediaAsset')
    .select('ownerId')
    .where('id', '=', assetId)
    .executeTakeFirst();
  if (!asset || !canManageAsset(actor, asset)) throw notFound();
  const view = (await loadAssetViews(services, { ids: [assetId] })).get(assetId);
  if (!view) throw notFound();
  return view;
}
