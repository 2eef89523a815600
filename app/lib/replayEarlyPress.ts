import { EARLY_PRESS, HYDRATED } from '#common/deferredHydration.ts';

type HydrationWindow = Window & { [EARLY_PRESS]?: HTMLButtonElement; [HYDRATED]?: boolean };

/**
 * Called once the page is hydrated (root effect): marks it so, and presses again the button the visitor
 * pressed while React was still loading (server/http/deferHydration.ts held that press back).
 */
export function replayEarlyPress() {
  const w = window as HydrationWindow;
  w[HYDRATED] = true;
  const button = w[EARLY_PRESS];
  delete w[EARLY_PRESS];
  if (button?.isConnected && !button.disabled) button.click();
}
