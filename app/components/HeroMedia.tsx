import type { CaptionTrack } from '#common/captions/captions.ts';
import type { ImageRef } from '#common/media/urls.ts';
import { LazyVideoPlayer } from './player/LazyVideoPlayer.tsx';
import type { useInPlacePlayer } from './player/useInPlacePlayer.ts';
import type { ViewTracking } from './player/useViewTracking.ts';

interface Props {
  image: ImageRef | null;
  /** Captions where the video has them (the landing page's free first episode). */
  video: { src: string; poster: string; captions?: CaptionTrack[] } | null;
  label: string;
  player: ReturnType<typeof useInPlacePlayer>;
  /** The image's displayed width for srcset; the default slightly under-states phone widths on purpose. */
  sizes?: string;
  tracking?: ViewTracking;
}

// On phones the 640-wide file is sharp enough for a 16:9 banner and costs far less mobile data than the
// 1280-wide one that a high-density screen would otherwise pick.
const PHONE_FRIENDLY = '(max-width: 600px) 80vw, 100vw';

/**
 * The big 16:9 picture at the top of a page: the largest content of the first screen, so it loads
 * eagerly with high priority. The video replaces it in place once its toggle is pressed.
 */
export function HeroMedia({ image, video, label, player, sizes = PHONE_FRIENDLY, tracking }: Props) {
  return (
    <div className="hero-media">
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={sizes}
          width={1280}
          height={720}
          alt=""
          fetchPriority="high"
        />
      ) : null}
      {player.started && video ? (
        <LazyVideoPlayer
          ref={player.ref}
          src={video.src}
          poster={video.poster}
          captions={video.captions}
          label={label}
          autoPlay
          onStateChange={player.onStateChange}
          {...(tracking ? { tracking } : {})}
        />
      ) : null}
    </div>
  );
}
