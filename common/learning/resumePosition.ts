// Where an episode opens: the saved position, unless there is nothing worth resuming. Under a second is
// a tap on Play and back, not a place to return to ("Resuming at 0:00" would only puzzle); within the
// last seconds the episode was watched, and resuming would show its last frame: both start from 0.

/** Near the end, "resume" means start again. */
const RESTART_WITHIN_S = 5;
/** Less than this is no position: start from the beginning and say nothing. */
const MIN_RESUME_S = 1;

export function resumePosition({ position, duration }: { position: number; duration: number }): number {
  if (!duration || position < MIN_RESUME_S || position >= duration - RESTART_WITHIN_S) return 0;
  return position;
}
