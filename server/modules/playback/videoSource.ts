import type { MediaTokens, Services } from '#server/core/services.ts';
import type { CaptionTrack } from '#common/captions/captions.ts';
import { posterUrl, videoUrl } from '#common/media/urls.ts';
import { captionTracks } from '../captions/captionTracks.ts';

export interface VideoSource {
  /** The tokenised HLS master playlist. */
  src: string;
  poster: string;
  /** An episode's caption files, under the same token (none for trailers). */
  captions?: CaptionTrack[];
}

const sourceAt = (assetId: string, token: string) => ({ src: videoUrl(assetId, token), poster: posterUrl(assetId) });

/** What a page hands the player, once the actor's right to watch was checked. */
export function videoSource(tokens: MediaTokens, assetId: string, access: 'public' | 'private'): VideoSource {
  return sourceAt(assetId, tokens.sign(assetId, access));
}

/** The same with the episode's captions, signed with the video's token (episodeId: when known). */
export async function videoSourceWithCaptions(
  services: Services,
  { assetId, access, episodeId }: { assetId: string; access: 'public' | 'private'; episodeId?: string },
): Promise<VideoSource> {
  const token = services.mediaTokens.sign(assetId, access);
  return {
    ...sourceAt(assetId, token),
    captions: await captionTracks(services, { videoAssetId: assetId, token, episodeId }),
  };
}
