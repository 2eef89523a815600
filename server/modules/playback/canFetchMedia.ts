import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';

/**
 * The rule for an asset's files fetched without a playback token: only its images (thumbnails, a video's
 * poster), and only once processed, are public. Video playlists and segments need a token (mediaToken.ts,
 * issued after canPlayVideo); original uploads are never served at all. The same for every actor.
 */
export async function canFetchMedia(
  services: Services,
  actor: Actor,
  { assetId, file }: { assetId: string; file: string },
): Promise<boolean> {
  if (!file.endsWith('.webp')) return false;
  const asset = await services.database.db
    .selectFrom('mediaAsset')
    .select('status')
    .where('id', '=', assetId)
    .executeTakeFirst();
  return asset?.status === 'ready';
}
