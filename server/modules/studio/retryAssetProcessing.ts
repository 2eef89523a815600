import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { retryVideoProcessing } from '../media/retryVideoProcessing.ts';
import type { Actor } from '../access/policies.ts';
import { getAssetStatus } from './getAssetStatus.ts';
import type { AssetView } from './assetView.ts';

/** "Retry" on a video whose processing failed, by its uploader or an admin (others get a 404). */
export async function retryAssetProcessing(db: Kysely<DB>, actor: Actor, assetId: unknown): Promise<AssetView> {
  const asset = await getAssetStatus(db, actor, assetId);
  if (!(await retryVideoProcessing(db, asset.id))) throw conflict('This file is not waiting for a retry.');
  return getAssetStatus(db, actor, asset.id);
}
