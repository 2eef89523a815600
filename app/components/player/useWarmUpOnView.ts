import { type RefObject, useEffect } from 'react';
import { warmUpVideo } from './LazyVideoPlayer.tsx';

type Connection = { effectiveType?: string };

/** 2G is too slow to spend on a video that may not be watched; Save-Data is handled by the data saver. */
function fastEnough(): boolean {
  const type = (navigator as Navigator & { connection?: Connection }).connection?.effectiveType;
  return type !== 'slow-2g' && type !== '2g';
}

/**
 * Once the button that opens a video has been on screen, fetch (low priority) what its first frame needs,
 * so the press plays within a second instead of waiting for ~250 KB on a slow network. Not with data
 * saver on (or Save-Data), nor on 2G; pointing at, touching or focusing the button warms it up anyway.
 */
export function useWarmUpOnView(ref: RefObject<HTMLElement | null>, src: string | undefined, allowed: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!el || !src || !allowed || !fastEnough() || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      warmUpVideo(src);
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [ref, src, allowed]);
}
