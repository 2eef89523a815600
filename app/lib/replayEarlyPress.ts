import { AWAITS_CODE, EARLY_PRESS, HYDRATED } from '#common/deferredHydration.ts';

type HydrationWindow = Window & { [EARLY_PRESS]?: HTMLButtonElement; [HYDRATED]?: boolean };

/** Presses the held button again, once (and only if it is still there to press). */
function pressHeld(button: HTMLButtonElement) {
  delete (window as HydrationWindow)[EARLY_PRESS];
  if (button.isConnected && !button.disabled) button.click();
}

/**
 * Called once the page is hydrated (root effect): marks it so, and presses again the button the visitor
 * pressed while React was still loading (server/http/deferHydration.ts held that press back). A press inside
 * a region still waiting for its code is left for that region to replay (replayEarlyPressWithin).
 */
export function replayEarlyPress() {
  const w = window as HydrationWindow;
  w[HYDRATED] = true;
  const button = w[EARLY_PRESS];
  if (button && !button.closest(`[${AWAITS_CODE}]`)) pressHeld(button);
}

/** Called by a region once its code has mounted: presses again a button held inside it. */
export function replayEarlyPressWithin(root: Element) {
  const button = (window as HydrationWindow)[EARLY_PRESS];
  if (button && root.contains(button)) pressHeld(button);
}
