import { useEffect, useRef } from 'react';
import { trackView } from '#app/lib/trackView.ts';

/** What a player reports for creator analytics: which course/episode, and which kind of view it starts. */
export interface ViewTracking {
  courseId: string;
  episodeId?: string;
  start?: 'trailer_view' | 'preview_view';
}

const WATCH_BATCH_SECONDS = 15;
/** Larger jumps between time updates are seeks, not watching. */
const MAX_TICK_SECONDS = 2;

/**
 * Reports a trailer/preview view once, when playback first really starts, and watched seconds of an
 * episode in ~15 s batches (plus what is left when the player goes away or the page is hidden).
 */
type Counters = { started: boolean; last: number; pending: number };

/** Sends the whole seconds watched so far of this episode (the fraction waits for the next batch). */
function flushWatched(c: Counters, courseId: string | undefined, episodeId: string | undefined) {
  const seconds = Math.floor(c.pending);
  if (!courseId || !episodeId || seconds < 1) return;
  c.pending -= seconds;
  trackView({ courseId, episodeId, kind: 'watch', seconds });
}

export function useViewTracking(tracking: ViewTracking | undefined) {
  const s = useRef<Counters>({ started: false, last: -1, pending: 0 });
  const courseId = tracking?.courseId;
  const episodeId = tracking?.episodeId;

  // A new episode starts new counters; what was watched of the previous one is sent under its own ids.
  useEffect(() => {
    s.current = { started: false, last: -1, pending: 0 };
    const flush = () => flushWatched(s.current, courseId, episodeId);
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flush);
    };
  }, [courseId, episodeId]);

  return {
    onPlaying() {
      if (!tracking || s.current.started) return;
      s.current.started = true;
      if (tracking.start === 'trailer_view') trackView({ courseId: tracking.courseId, kind: 'trailer_view' });
      else if (tracking.start === 'preview_view' && tracking.episodeId)
        trackView({ courseId: tracking.courseId, episodeId: tracking.episodeId, kind: 'preview_view' });
    },
    onTime(t: number) {
      const d = t - s.current.last;
      s.current.last = t;
      if (d > 0 && d < MAX_TICK_SECONDS) s.current.pending += d;
      if (s.current.pending >= WATCH_BATCH_SECONDS) flushWatched(s.current, courseId, episodeId);
    },
  };
}
