// Captions through the browser's own text tracks (<track> elements): the light hls.js build has no
// subtitle code, and native tracks need none. This shows the chosen language's track and disables the rest.
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { readCaptionChoice, storeCaptionChoice } from '#app/lib/captionChoice.ts';
import type { CaptionTrack } from '#common/captions/captions.ts';
import { liftCues } from './liftCues.ts';

export function useCaptions(videoRef: RefObject<HTMLVideoElement | null>, captions: CaptionTrack[]) {
  // 'off' on the server and the first render; the stored choice once mounted (no hydration mismatch).
  const [choice, setChoice] = useState('off');
  useEffect(() => setChoice(readCaptionChoice()), []);

  useEffect(() => {
    const video = videoRef.current;
    const tracks = video?.textTracks;
    if (!video || !tracks || !captions.length) return;
    const lift = () => liftCues(video, video.parentElement?.querySelector<HTMLElement>('.player-controls') ?? null);
    const apply = () => {
      for (const t of Array.from(tracks)) {
        t.mode = t.language === choice ? 'showing' : 'disabled';
        // Cues arrive once the file is loaded: placed then, and again whenever the shown ones change.
        t.oncuechange = t.mode === 'showing' ? lift : null;
      }
      lift();
    };
    apply();
    // <track> elements of a new source register their text tracks a moment after they mount.
    tracks.addEventListener('addtrack', apply);
    const resized = new ResizeObserver(lift);
    resized.observe(video);
    return () => {
      tracks.removeEventListener('addtrack', apply);
      resized.disconnect();
    };
  }, [videoRef, captions, choice]);

  const choose = useCallback((next: string) => {
    storeCaptionChoice(next);
    setChoice(next);
  }, []);
  return { choice, choose };
}
