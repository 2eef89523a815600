// Taps on the picture, as phone video players do: one tap plays a stopped video or shows/hides the controls
// of a playing one (they hide by themselves 3 s after a tap); two quick taps on the left or right third
// seek back or forward 10 s. Mouse clicks are not taps: the player plays/pauses on them at once.
import { useCallback, useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { SEEK_STEP } from './playerKeys.ts';

/** Two taps closer than this are a double tap. */
const DOUBLE_TAP_MS = 300;
const HIDE_CONTROLS_MS = 3000;
const FLASH_MS = 600;

type Timer = ReturnType<typeof setTimeout> | undefined;

export function useTouchGestures(opts: { playing: boolean; play: () => void; seekBy: (by: number) => void }) {
  const { playing, play, seekBy } = opts;
  const pointer = useRef('mouse');
  const last = useRef<{ at: number; zone: number } | null>(null);
  const timers = useRef<{ single: Timer; hide: Timer; flash: Timer }>({
    single: undefined,
    hide: undefined,
    flash: undefined,
  });
  const [controlsHidden, setControlsHidden] = useState(false);
  const [flash, setFlash] = useState<{ by: number; at: number } | null>(null);

  const hideLater = useCallback(() => {
    clearTimeout(timers.current.hide);
    timers.current.hide = setTimeout(() => setControlsHidden(true), HIDE_CONTROLS_MS);
  }, []);

  // Controls come back whenever playback stops; a touch user's playing video hides them after a while.
  useEffect(() => {
    if (!playing) {
      clearTimeout(timers.current.hide);
      setControlsHidden(false);
    } else if (pointer.current === 'touch') hideLater();
  }, [playing, hideLater]);
  useEffect(() => {
    const t = timers.current;
    return () => {
      clearTimeout(t.single);
      clearTimeout(t.hide);
      clearTimeout(t.flash);
    };
  }, []);

  return {
    controlsHidden,
    /** The last double-tap seek, shown briefly over its side of the picture. */
    flash,
    onPointerDown(e: PointerEvent) {
      pointer.current = e.pointerType;
    },
    /** A touch on the control bar keeps it on screen a while longer. */
    keepControls(e: PointerEvent) {
      pointer.current = e.pointerType;
      if (playing && e.pointerType === 'touch') hideLater();
    },
    /** Handles a click on the picture if it was a tap; false for a mouse click. */
    onClick(e: MouseEvent<HTMLElement>): boolean {
      if (pointer.current !== 'touch') return false;
      const box = e.currentTarget.getBoundingClientRect();
      const x = (e.clientX - box.left) / box.width;
      const zone = x < 1 / 3 ? -1 : x > 2 / 3 ? 1 : 0;
      const at = e.timeStamp;
      const prev = last.current;
      last.current = { at, zone };
      if (zone && prev?.zone === zone && at - prev.at < DOUBLE_TAP_MS) {
        clearTimeout(timers.current.single);
        seekBy(zone * SEEK_STEP);
        setFlash({ by: zone * SEEK_STEP, at });
        clearTimeout(timers.current.flash);
        timers.current.flash = setTimeout(() => setFlash(null), FLASH_MS);
        return true;
      }
      const tap = () => {
        if (!playing) return play();
        setControlsHidden((hidden) => {
          if (hidden) hideLater();
          else clearTimeout(timers.current.hide);
          return !hidden;
        });
      };
      clearTimeout(timers.current.single);
      // On a side third, wait to see whether a second tap follows; the middle answers at once.
      if (zone) timers.current.single = setTimeout(tap, DOUBLE_TAP_MS);
      else tap();
      return true;
    },
  };
}
