// "Play" on a course leads to the learning page with this router state: the click was the learner's
// gesture, so the page starts the video at once instead of asking for a second press. Router state, not a
// query parameter: a shared link does not start playing by itself; and the page forgets the intent once
// read (forgetIntent), since the browser keeps a page's state across a reload and back and forward.
export const PLAY_INTENT = { autoplay: true } as const;

/**
 * Drops the router state (play intent, a note's moment) from the browser's entry for this page, keeping the
 * router's own keys: a reload, or coming back to it, is not a new press of "Play". The page already read it.
 */
export function forgetIntent(state: unknown): void {
  if (state == null) return;
  const entry = window.history.state as { usr?: unknown } | null;
  if (entry?.usr != null) window.history.replaceState({ ...entry, usr: null }, '');
}

export function wantsAutoplay(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { autoplay?: unknown }).autoplay === true;
}

/** The first episode of a course: where "Play" and "Start watching" lead. */
export const playPath = (courseId: string) => `/learn/${courseId}/1`;
