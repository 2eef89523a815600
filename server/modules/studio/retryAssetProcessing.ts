import { conflict } from '#server/core/errors.ts';
import { retryVideoProcessing } from '../media/retryVideoProcessing.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { getAssetStatus } from './getAssetStatus.ts';
import type { AssetView } from './assetView.ts';

/** "Retry" on a video whose processing failed, by its uploader or an admin (others get a 404). */
export async function retryAssetProcessing(services: Services, actor: Actor, assetId: unknown): Promise<AssetView> {
  const asset = await getAssetStatus(services, actor, assetId);
  if (!(await retryVideoProcessing(services.database.db, asset.id)))
    throw conflict('This file is not waiting for a retry.');
  return getAssetStatus(services, actor, asset.id);
}
