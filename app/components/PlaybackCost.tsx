import type { VideoSizes } from '#common/media/videoSizes.ts';
import { useT } from '#app/i18n/useT.ts';
import { formatMegabytes, listenOnlyCost } from '../lib/dataSaver.ts';
import { type PlayerPlace, usePlaybackCost } from '../lib/usePlaybackCost.ts';

/**
 * " • ≈ 4.2 MB at 360p (data saver) · Listen only < 1 MB" (compact: " • ≈ 4.2 MB"): what playing a video
 * whole costs on this screen. The exact bytes sit in `data-bytes`, for the check that playback downloads
 * what is shown.
 */
export function PlaybackCost({
  sizes,
  place,
  compact = false,
}: {
  sizes: VideoSizes | null;
  place: PlayerPlace;
  compact?: boolean;
}) {
  const { t } = useT();
  const { dataSaver, costOf, listenOf } = usePlaybackCost(place);
  if (!sizes) return null;
  // An audio lesson (decision 0069): what listening to it whole costs, nothing else to choose.
  if (!sizes.renditions.length) {
    const bytes = listenOf(sizes) ?? 0;
    return (
      <span className="playback-cost" data-bytes={bytes}>
        {` • ${formatMegabytes(bytes)}`}
      </span>
    );
  }
  const played = costOf(sizes);
  if (compact)
    return (
      <span className="playback-cost" data-bytes={played.bytes}>
        {` • ${formatMegabytes(played.bytes)}`}
      </span>
    );
  return (
    <span className="playback-cost" data-bytes={played.bytes}>
      {' • '}
      {t('cost.atQuality', { size: formatMegabytes(played.bytes), quality: `${played.height}p` })}
      {dataSaver ? t('episodes.dataSaver') : ''}
      {listenOnlyCost({ listen: listenOf(sizes) }, t)}
    </span>
  );
}
