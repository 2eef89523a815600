import { useRef, useState } from 'react';
import type { PlayerHandle, PlayerState } from './VideoPlayer.tsx';

/**
 * A video that appears in place of an image when a Play/Pause toggle elsewhere on the page is pressed
 * (the landing hero's preview, the course page's trailer). Nothing is downloaded before the first press.
 */
export function useInPlacePlayer() {
  const ref = useRef<PlayerHandle>(null);
  const [started, setStarted] = useState(false);
  const [state, setState] = useState<PlayerState>('paused');
  const playing = started && (state === 'playing' || state === 'loading');
  const toggle = () => {
    if (!started) {
      setStarted(true);
      setState('loading');
    } else if (playing) ref.current?.pause();
    else ref.current?.play();
  };
  return { ref, started, playing, toggle, onStateChange: setState };
}
