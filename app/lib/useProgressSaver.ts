import { useCallback, useEffect, useRef } from 'react';

/** While playing, the position is saved this often; leaving the page saves it once more at once. */
const SAVE_EVERY_MS = 8000;
const ENDPOINT = '/api/learning/progress';

/**
 * Saves where the learner is in an episode: every few seconds while the position moves, and with a
 * beacon when paused, and when the page is hidden or left (closing the tab loses at most a few seconds).
 * `onTime` goes to the player's onTimeUpdate, `flush` to its pause.
 */
export function useProgressSaver(episodeId: string): { onTime: (seconds: number) => void; flush: () => void } {
  const state = useRef({ position: -1, saved: -1, lastSent: 0 });

  const body = () => JSON.stringify({ episodeId, position: Math.round(state.current.position * 10) / 10 });
  const beacon = useCallback(() => {
    const s = state.current;
    if (s.position < 0 || s.position === s.saved) return;
    s.saved = s.position;
    // text/plain keeps the beacon a simple request; the server reads the body as JSON regardless.
    navigator.sendBeacon(ENDPOINT, new Blob([body()], { type: 'text/plain;charset=UTF-8' }));
  }, [episodeId]);

  useEffect(() => {
    state.current = { position: -1, saved: -1, lastSent: 0 };
    const onHide = () => {
      if (document.visibilityState === 'hidden') beacon();
    };
    window.addEventListener('pagehide', beacon);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', beacon);
      document.removeEventListener('visibilitychange', onHide);
      beacon(); // moving to another episode
    };
  }, [beacon]);

  const onTime = useCallback(
    (seconds: number) => {
      const s = state.current;
      s.position = seconds;
      const now = Date.now();
      if (now - s.lastSent < SAVE_EVERY_MS || seconds === s.saved) return;
      s.lastSent = now;
      s.saved = seconds;
      void fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(), keepalive: true }).catch(() => {
        s.saved = -1; // offline for a moment: the next tick tries again
      });
    },
    [episodeId],
  );
  return { onTime, flush: beacon };
}
