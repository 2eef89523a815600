import { conflict } from '#server/core/errors.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { retryVideoProcessing } from '../media/retryVideoProcessing.ts';
import type { AssetView } from './assetView.ts';
import { getAssetStatus } from './getAssetStatus.ts';

/** "Retry" on a video whose processing failed (`input.assetId`), by its uploader or an admin (others get a 404). */
export async function retryAssetProcessing(services: Services, actor: Actor, input: unknown): Promise<AssetView> {
  const asset = await getAssetStatus(services, actor, input);
  if (!(await retryVideoProcessing(services, { assetId: asset.id })))
    throw conflict('This file is not waiting for a retry.');
  return getAssetStatus(services, actor, { assetId: asset.id });
}
