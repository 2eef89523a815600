import { lazy, Suspense } from 'react';
import { readListenOnly } from '#app/lib/listenOnly.ts';
import type { VideoPlayerProps } from './VideoPlayer.tsx';

// The player's code is fetched when a video is first asked for (or hinted by hovering a Play button),
// keeping it out of the JavaScript every visitor downloads before watching anything.
const load = () => import('./VideoPlayer.tsx');

function PlayerUnavailable() {
  return (
    <div className="player">
      <div className="player-error" role="alert">
        <p className="player-error-title">Failed to load video</p>
        <p className="player-error-reason">
          The player could not be downloaded. Check your connection and reload the page.
        </p>
      </div>
    </div>
  );
}

const Player = lazy(() =>
  load().then(
    (m) => ({ default: m.VideoPlayer }),
    () => ({ default: PlayerUnavailable }),
  ),
);

export function preloadPlayer(): void {
  void load()
    .then((m) => m.preloadHls())
    .catch(() => {});
}

/** The player, hls.js and the start of `src` (a Preview about to be pressed), at low priority. */
export function warmUpVideo(src: string | undefined): void {
  void load()
    .then((m) => (src ? m.warmUp(src, readListenOnly()) : m.preloadHls()))
    .catch(() => {});
}

export function LazyVideoPlayer(props: VideoPlayerProps) {
  return (
    <Suspense
      fallback={
        <div className="player">
          <div className="player-spinner" role="status" aria-label="Loading video" />
        </div>
      }
    >
      <Player {...props} />
    </Suspense>
  );
}
