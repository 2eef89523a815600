import { useCallback, useEffect, useRef } from 'react';
import { rememberPosition } from '../offline/lastPosition.ts';
import { HAS_OFFLINE_FLAG } from '../offline/offlineKeys.ts';
import { queueProgress } from '../offline/progressQueue.ts';

/** While playing, the position is saved this often; leaving the page saves it once more at once. */
const SAVE_EVERY_MS = 8000;
const ENDPOINT = '/api/learning/progress';

const round = (position: number) => Math.round(position * 10) / 10;
const progressBody = (episodeId: string, position: number) =>
  JSON.stringify({ episodeId, position: round(position), recordedAt: Date.now() });

/**
 * No connection: the report waits on the device with its time (app/offline/progressQueue.ts). The queue is
 * part of this page's own script: a chunk loaded on demand could not be fetched without the connection.
 */
function keepForLater(episodeId: string, position: number): void {
  localStorage.setItem(HAS_OFFLINE_FLAG, '1');
  void queueProgress(episodeId, round(position)).catch(() => {});
}

/**
 * Saves where the learner is in an episode: every few seconds while the position moves, and with a
 * beacon when paused, and when the page is hidden or left (closing the tab loses at most a few seconds).
 * Without a connection each report is kept on the device and sent, with its time, when it returns.
 * `onTime` goes to the player's onTimeUpdate, `flush` to its pause.
 */
export function useProgressSaver(episodeId: string): { onTime: (seconds: number) => void; flush: () => void } {
  const state = useRef({ position: -1, saved: -1, lastSent: 0 });

  const beacon = useCallback(() => {
    const s = state.current;
    if (s.position < 0 || s.position === s.saved) return;
    s.saved = s.position;
    rememberPosition(episodeId, s.position);
    if (!navigator.onLine) return keepForLater(episodeId, s.position);
    // text/plain keeps the beacon a simple request; the server reads the body as JSON regardless.
    navigator.sendBeacon(
      ENDPOINT,
      new Blob([progressBody(episodeId, s.position)], { type: 'text/plain;charset=UTF-8' }),
    );
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
      rememberPosition(episodeId, seconds);
      if (!navigator.onLine) return keepForLater(episodeId, seconds);
      void fetch(ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: progressBody(episodeId, s.position),
        keepalive: true,
      }).catch(() => keepForLater(episodeId, seconds));
    },
    [episodeId],
  );
  return { onTime, flush: beacon };
}
