import { currentUserKey } from './offlineKeys.ts';

// Where this device last was in each episode, per account: the downloads page plays a stored copy
// offline, where the server's saved position cannot be asked for. Starting such a copy at 0 would save
// "3 s" over the learner's real place ("most recently recorded wins", decision 0023).
const key = (episodeId: string) => {
  const user = currentUserKey();
  return user ? `darasa.position.${user}.${episodeId}` : null;
};

/** Remembers a position this device saved (or queued) for the signed-in account. */
export function rememberPosition(episodeId: string, seconds: number): void {
  const k = key(episodeId);
  try {
    if (k) localStorage.setItem(k, String(Math.round(seconds * 10) / 10));
  } catch {
    // Storage full or blocked: the server still has the position.
  }
}

/** The position this device last saved for the episode, or 0. */
export function lastPosition(episodeId: string): number {
  const k = key(episodeId);
  const seconds = k ? Number(localStorage.getItem(k)) : 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}
