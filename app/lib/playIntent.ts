// "Play" on a course leads to the learning page with this router state: the click was the learner's
// gesture, so the page starts the video at once instead of asking for a second press. Router state, not a
// query parameter: a reload or a shared link does not start playing by itself.
export const PLAY_INTENT = { autoplay: true } as const;

export function wantsAutoplay(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { autoplay?: unknown }).autoplay === true;
}

/** The first episode of a course: where "Play" and "Start watching" lead. */
export const playPath = (courseId: string) => `/learn/${courseId}/1`;
