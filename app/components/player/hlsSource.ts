// HLS playback through hls.js, fetched with a dynamic import only when an `.m3u8` source is played, so
// it never counts toward the JavaScript of a page before a video starts. Its light build (no subtitles,
// alternate audio or DRM, which we do not use) is a third smaller: a faster first frame on a slow network.
// Settings from DESIGN.md "Video": start low and cheap on a phone, keep short buffers, never fetch more
// pixels than the player shows.
import type { ErrorData, Level } from 'hls.js/light';

export interface Quality {
  /** hls.js level index. */
  index: number;
  height: number;
  bitrate: number;
}

export interface StreamOptions {
  /** Seconds to start at (a saved position). */
  startAt?: number;
  /** Data saver: never pick a rendition taller than this (portrait: wider). */
  maxShortSide?: number | null;
  onQualities?(qualities: Quality[]): void;
  onFatal?(text: 'Failed to load video' | 'Error loading video', reason: string): void;
}

export interface StreamControl {
  detach(): void;
  /** -1 for Auto. */
  setQuality(index: number): void;
  setMaxShortSide(px: number | null): void;
}

/** About 0.3 Mbit/s: the first segments come from the 240p rendition, so the first frame comes fast. */
const INITIAL_BANDWIDTH_ESTIMATE = 300_000;

const shortSide = (l: Level) => Math.min(l.width || l.height, l.height);

const loadHls = () => import('hls.js/light');

/** Starts downloading hls.js ahead of Play (a page whose video is its purpose, a hovered Play button). */
export function preloadHls(): void {
  void loadHls().catch(() => {});
}

export const isHlsSource = (src: string) => new URL(src, location.href).pathname.endsWith('.m3u8');

const firstUri = (playlist: string) => playlist.split('\n').find((l) => l && !l.startsWith('#'));

/**
 * Fetches the start of the stream (master playlist, first rendition's playlist, its init segment and,
 * from the beginning, its first segment) while hls.js itself is still downloading, so the requests do not
 * wait for it one round trip after another; hls.js then finds them in the HTTP cache. Only what playback
 * is about to fetch anyway.
 */
async function warmStart(src: string, fromStart: boolean): Promise<void> {
  const get = (url: string) => fetch(url, { credentials: 'same-origin' }).then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))));
  const master = new URL(src, location.href);
  const variant = firstUri(await get(master.href));
  if (!variant) return;
  const variantUrl = new URL(variant, master);
  const playlist = await get(variantUrl.href);
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
  const segment = firstUri(playlist);
  await Promise.all([init, fromStart ? segment : undefined].map((u) => u && fetch(new URL(u, variantUrl), { credentials: 'same-origin' })));
}

export function attachHls(video: HTMLVideoElement, src: string, opts: StreamOptions): StreamControl {
  warmStart(src, !opts.startAt).catch(() => {}); // hls.js reports real failures itself
  let detached = false;
  let hls: import('hls.js/light').default | null = null;
  let maxShortSide = opts.maxShortSide ?? null;
  let chosen = -1;
  let refreshed = false;
  let recovered = false;

  const applyCap = () => {
    if (!hls) return;
    const allowed = hls.levels.map((l, i) => ({ i, ok: maxShortSide == null || shortSide(l) <= maxShortSide })).filter((x) => x.ok);
    hls.autoLevelCapping = maxShortSide == null || !allowed.length ? -1 : allowed[allowed.length - 1]!.i;
    if (chosen >= 0 && hls.autoLevelCapping >= 0 && chosen > hls.autoLevelCapping) chosen = -1;
    hls.currentLevel = chosen;
  };

  void loadHls().then(
    ({ default: Hls }) => {
      if (detached) return;
      if (!Hls.isSupported()) {
        // Safari on older iPhones plays HLS itself (without quality choice).
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = src;
        } else opts.onFatal?.('Failed to load video', 'This browser cannot play streaming video.');
        return;
      }
      hls = new Hls({
        capLevelToPlayerSize: true,
        ignoreDevicePixelRatio: true,
        startFragPrefetch: true,
        abrEwmaDefaultEstimate: INITIAL_BANDWIDTH_ESTIMATE,
        maxBufferLength: 12,
        maxMaxBufferLength: 12,
        backBufferLength: 30,
        // Start on the rung the low estimate picks instead of first fetching a lowest-rung fragment to
        // measure bandwidth: on a slow network that test costs a whole extra segment before the first frame.
        testBandwidth: false,
        startPosition: opts.startAt && opts.startAt > 0 ? opts.startAt : -1,
      });
      hls.on(Hls.Events.MANIFEST_PARSED, () => {
        applyCap();
        opts.onQualities?.(hls!.levels.map((l, index) => ({ index, height: shortSide(l), bitrate: l.bitrate })));
      });
      hls.on(Hls.Events.ERROR, (_e, data: ErrorData) => {
        if (!data.fatal || !hls) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          hls.recoverMediaError();
          return;
        }
        const status = data.response?.code ?? 0;
        // A page held in a cache can outlive its playback token: ask once for a fresh one.
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR && status === 403 && !refreshed) {
          refreshed = true;
          void freshSource(src).then((next) => {
            if (!next || detached || !hls) return opts.onFatal?.('Failed to load video', 'This video link has expired. Please reload the page.');
            hls.loadSource(next);
          });
          return;
        }
        opts.onFatal?.(
          data.type === Hls.ErrorTypes.MEDIA_ERROR ? 'Error loading video' : 'Failed to load video',
          status === 403 || status === 404 ? 'You do not have access to this video.' : 'A network error stopped the download.',
        );
      });
      hls.loadSource(src);
      hls.attachMedia(video);
    },
    () => opts.onFatal?.('Failed to load video', 'The player could not be downloaded. Check your connection.'),
  );

  return {
    detach() {
      detached = true;
      if (hls) hls.destroy();
      else {
        video.removeAttribute('src');
        video.load();
      }
      hls = null;
    },
    setQuality(index) {
      chosen = index;
      applyCap();
    },
    setMaxShortSide(px) {
      maxShortSide = px;
      applyCap();
    },
  };
}

async function freshSource(src: string): Promise<string | null> {
  const assetId = /\/media\/s\/[^/]+\/([^/]+)\/master\.m3u8/.exec(src)?.[1];
  if (!assetId) return null;
  try {
    const res = await fetch(`/media/play/${assetId}`, { credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as { src: string }).src : null;
  } catch {
    return null;
  }
}
