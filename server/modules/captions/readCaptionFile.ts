import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';

/**
 * A caption file's WebVTT, when it belongs to an episode of this video asset; else null. The caller has
 * checked the asset's playback token: captions open to exactly those who may play the video.
 */
export async function readCaptionFile(
  services: Services,
  { assetId, captionId }: { assetId: string; captionId: string },
): Promise<string | null> {
  if (!isId(assetId) || !isId(captionId)) return null;
  const row = await services.database.db
    .selectFrom('caption')
    .innerJoin('episode', 'episode.id', 'caption.episodeId')
    .select('caption.vtt')
    .where('caption.id', '=', captionId)
    .where('episode.videoId', '=', assetId)
    .executeTakeFirst();
  return row?.vtt ?? null;
}
