import { type RefObject, useEffect, useState } from 'react';
import { AWAITS_CODE } from '#common/deferredHydration.ts';
import { replayEarlyPressWithin } from './replayEarlyPress.ts';

/**
 * For a lazily loaded region that the server renders (the video player): marks it as waiting for its code
 * until it has mounted, so a press inside it meanwhile is held (HOLD_EARLY_PRESS), then presses that button
 * again. Without it a tap on "Play" while the player's code is still downloading was lost.
 */
export function useHeldPressReplay(ref: RefObject<HTMLElement | null>): { [AWAITS_CODE]?: '' } {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    // Off before the replay, or the replayed press would be held again.
    root.removeAttribute(AWAITS_CODE);
    setMounted(true);
    replayEarlyPressWithin(root);
  }, [ref]);
  return mounted ? {} : { [AWAITS_CODE]: '' };
}
