// What playing a video costs on this device, for the sizes shown beside episodes: the rendition the player
// would play whole (the screen rule of screenCap.ts, data saver's 360p), not the best one the video has —
// a 390 px phone plays 360p at most, and showing the 720p figure there overstated the cost fourfold.
// The server cannot know the screen: its HTML (and the first render in the browser, which must match it)
// shows the best rendition; the figure for this screen replaces it once the page is alive. Sizes follow
// the codec this browser plays: AV1 + Opus where MediaCapabilities says so (decision 0066).
import { useEffect, useState } from 'react';
import {
  type Decodes,
  forDevice,
  playedRendition,
  type RenditionSize,
  type VideoSizes,
} from '#common/media/videoSizes.ts';
import { codecSupport } from '#app/components/player/codecFamily.ts';
import { screenLevelCap, type LevelSize } from '#app/components/player/screenCap.ts';
import { useDataSaver } from './dataSaver.ts';

/** Where the video would play: the preview dialog (course page) or the learning page. */
export type PlayerPlace = 'dialog' | 'learn';

/**
 * The 16:9 player's box there, from the layout's CSS: the dialog is min(960 px, 100vw − 16 px) wide with
 * 16 px padding (course.css); the learning page's player spans the window below 960 px, beside a 360 px
 * column (gaps and padding 64 px) above it (learn.css).
 */
function playerBox(place: PlayerPlace): LevelSize {
  const w = window.innerWidth;
  const width = place === 'dialog' ? Math.min(960, w - 16) - 32 : w < 960 ? w : w - 360 - 64;
  return { width, height: (width * 9) / 16 };
}

const H264_ONLY: Decodes = { av1: false, opus: false };

/** Functions giving the rendition (and its bytes) and the Listen only bytes a video costs on this screen. */
export function usePlaybackCost(place: PlayerPlace): {
  dataSaver: boolean;
  costOf(sizes: VideoSizes): RenditionSize;
  listenOf(sizes: VideoSizes): number | null;
} {
  const [dataSaver] = useDataSaver();
  const [box, setBox] = useState<LevelSize | null>(null);
  const [decodes, setDecodes] = useState(H264_ONLY);
  useEffect(() => {
    const update = () => setBox(playerBox(place));
    update();
    window.addEventListener('resize', update);
    void codecSupport().then(setDecodes);
    return () => window.removeEventListener('resize', update);
  }, [place]);
  return {
    dataSaver,
    costOf(sizes) {
      const cap = box ? screenLevelCap(sizes.renditions, box, window.devicePixelRatio) : sizes.renditions.length - 1;
      return forDevice(sizes, playedRendition(sizes, cap, dataSaver), decodes).played;
    },
    listenOf(sizes) {
      // An audio lesson has no renditions: forDevice reads the played one only when there are AV1 renditions.
      return forDevice(sizes, sizes.renditions[0]!, decodes).listen;
    },
  };
}
