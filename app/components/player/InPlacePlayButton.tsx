import { preloadPlayer } from './LazyVideoPlayer.tsx';
import { PlayerIcon } from './PlayerIcon.tsx';
import type { useInPlacePlayer } from './useInPlacePlayer.ts';

/** The Play/Pause toggle of an in-place player; hovering or focusing it starts fetching the player. */
export function InPlacePlayButton({
  player,
  play,
  pause,
}: {
  player: ReturnType<typeof useInPlacePlayer>;
  play: string;
  pause: string;
}) {
  return (
    <button
      type="button"
      className="btn btn-light"
      onClick={player.toggle}
      onPointerEnter={preloadPlayer}
      onFocus={preloadPlayer}
    >
      <PlayerIcon name={player.playing ? 'pause' : 'play'} />
      {player.playing ? pause : play}
    </button>
  );
}
