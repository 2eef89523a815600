import { posterUrl, videoUrl } from '../media/urls.ts';
import { signMediaToken } from './mediaToken.ts';

export interface VideoSource {
  /** The tokenised HLS master playlist. */
  src: string;
  poster: string;
}

/** What a page hands the player, once the viewer's right to watch was checked. */
export function videoSource(assetId: string, access: 'public' | 'private'): VideoSource {
  return { src: videoUrl(assetId, signMediaToken(assetId, access)), poster: posterUrl(assetId) };
}
