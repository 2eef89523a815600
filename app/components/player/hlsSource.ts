// HLS playback through hls.js, fetched with a dynamic import only when an `.m3u8` source is played, so
// it never counts toward the JavaScript of a page before a video starts. Its light build (no subtitles,
// alternate audio or DRM, which we do not use) is a third smaller: a faster first frame on a slow network.
// Settings from docs/product.md (video): start on the lowest rung, keep short buffers, never fetch more
// pixels than the player shows (screenCap.ts); every byte it downloads counts in the data meter. hls.js
// sees one codec family of the master playlist, AV1 + Opus or H.264 + AAC (codecFamily.ts).
import type {
  ErrorData,
  Level,
  LoaderCallbacks,
  LoaderConfiguration,
  LoaderContext,
  PlaylistLoaderConstructor,
  PlaylistLoaderContext,
} from 'hls.js/light';
import { countBytes } from '#app/lib/dataMeter.ts';
import { audioOnlyVariant, firstVideoVariant } from './audioVariant.ts';
import { type CodecFamily, type CodecSupport, chooseFamily, codecSupport, keepFamily } from './codecFamily.ts';
import { screenLevelCap } from './screenCap.ts';

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
  /** Start with the audio-only rendition when the stream has one ("Listen only", remembered per device). */
  listenOnly?: boolean;
  /** The picture renditions, and whether an audio-only one exists. */
  onQualities?(qualities: Quality[], listenOnlyAvailable: boolean): void;
  /** Whether the audio-only rendition is what plays now. */
  onListenOnly?(on: boolean): void;
  onFatal?(text: 'Failed to load video' | 'Error loading video', reason: string): void;
}

export interface StreamControl {
  detach(): void;
  /** -1 for Auto. */
  setQuality(index: number): void;
  setMaxShortSide(px: number | null): void;
  setListenOnly(on: boolean): void;
}

/** About 0.3 Mbit/s: the first segments come from the 240p rendition, so the first frame comes fast. */
const INITIAL_BANDWIDTH_ESTIMATE = 300_000;

const shortSide = (l: Level) => Math.min(l.width || l.height, l.height);

const loadHls = () => import('hls.js/light');
type HlsClass = typeof import('hls.js/light').default;

/** Starts downloading hls.js ahead of Play (a page whose video is its purpose, a hovered Play button). */
export function preloadHls(): void {
  void loadHls().catch(() => {});
}

export const isHlsSource = (src: string) => new URL(src, location.href).pathname.endsWith('.m3u8');

const firstUri = (playlist: string) => playlist.split('\n').find((l) => l && !l.startsWith('#'));

const getText = (url: string, priority: RequestPriority = 'auto') =>
  fetch(url, { credentials: 'same-origin', priority }).then((r) =>
    r.ok ? r.text() : Promise.reject(new Error(String(r.status))),
  );

/**
 * Fetches the start of the chosen rendition (its playlist, init segment and, from the beginning, its first
 * segment) while hls.js itself is still downloading, so the requests do not wait for it one round trip
 * after another; hls.js then finds them in the HTTP cache. Only what playback is about to fetch anyway.
 */
async function warmStart(variantUrl: string, fromStart: boolean, priority: RequestPriority): Promise<void> {
  const playlist = await getText(variantUrl, priority);
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
  const segment = firstUri(playlist);
  await Promise.all(
    [init, fromStart ? segment : undefined].map(
      (u) => u && fetch(new URL(u, variantUrl), { credentials: 'same-origin', priority }).then((r) => r.arrayBuffer()),
    ),
  );
}

/** Where playback of `master` (its text) starts: the audio-only variant for "Listen only", else the first picture. */
function startVariant(text: string, masterUrl: string, listenOnly: boolean): string | null {
  const audio = listenOnly ? audioOnlyVariant(text) : null;
  return audio ? new URL(audio, masterUrl).href : firstVideoVariant(text, masterUrl);
}

interface Played {
  family: CodecFamily;
  support: CodecSupport;
  /** The master with only what this browser plays (keepFamily). */
  text: string;
}

/** Which family of `master` plays in a picture of this box (data saver: `maxShortSide`). */
async function played(
  master: string,
  box: { width: number; height: number },
  maxShortSide: number | null,
): Promise<Played> {
  const support = await codecSupport();
  const family = chooseFamily(master, support, { box, devicePixelRatio, maxShortSide });
  return { family, support, text: keepFamily(master, family, support) };
}

/** Before the player exists: a 16:9 picture the width of the window, as on a phone. */
const windowBox = () => ({ width: window.innerWidth, height: (window.innerWidth * 9) / 16 });

/**
 * Fetches, at low priority, everything the first frame of `src` needs before the learner presses Play:
 * hls.js, the master and starting playlists, the init segment and the first segment. The requests Play
 * makes then come from the HTTP cache (media responses are cacheable for the token's life).
 */
export function warmUp(src: string, listenOnly: boolean, maxShortSide: number | null = null): void {
  preloadHls();
  if (!isHlsSource(src)) return;
  const master = new URL(src, location.href).href;
  getText(master, 'low')
    .then((text) => played(text, windowBox(), maxShortSide))
    .then(({ text }) => {
      const first = startVariant(text, master, listenOnly);
      return first ? warmStart(first, true, 'low') : undefined;
    })
    .catch(() => {}); // Play fetches them again and reports a real failure
}

/**
 * hls.js's own playlist loader, except that the master playlist it reads is cut down to the family this
 * browser plays: hls.js then never sees the other codec (and cannot switch to it).
 */
function familyLoader(Hls: HlsClass, family: () => Played | null): PlaylistLoaderConstructor {
  const Base = Hls.DefaultConfig.loader;
  class FamilyLoader extends Base {
    override load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>) {
      const chosen = family();
      if ((context as PlaylistLoaderContext).type !== 'manifest' || !chosen)
        return super.load(context, config, callbacks);
      super.load(context, config, {
        ...callbacks,
        onSuccess: (response, stats, ctx, details) =>
          callbacks.onSuccess(
            { ...response, data: keepFamily(String(response.data), chosen.family, chosen.support) },
            stats,
            ctx,
            details,
          ),
      });
    }
  }
  return FamilyLoader as unknown as PlaylistLoaderConstructor;
}

export function attachHls(video: HTMLVideoElement, src: string, opts: StreamOptions): StreamControl {
  let detached = false;
  let Hls: HlsClass | null = null;
  let hls: InstanceType<HlsClass> | null = null;
  let source = new URL(src, location.href).href; // replaced by a fresh link when the token expired
  let audioUri: string | null = null; // the audio-only variant, relative to the master
  let wantListen = !!opts.listenOnly;
  let listen = false;
  let maxShortSide = opts.maxShortSide ?? null;
  let chosen = -1;
  let videoQualities: Quality[] = [];
  let refreshed = false;
  let recovered = false;
  let family: Played | null = null;

  const audioSrc = () => new URL(audioUri!, source).href;
  const box = () => (video.clientWidth ? { width: video.clientWidth, height: video.clientHeight } : windowBox());

  // The master playlist, read once here: which codec family and variant start, whether "Listen only" exists.
  const master = getText(source)
    .then((text) => played(text, box(), maxShortSide))
    .then(
      (chosen) => {
        family = chosen;
        audioUri = audioOnlyVariant(chosen.text);
        const first = startVariant(chosen.text, source, wantListen);
        if (first) warmStart(first, !opts.startAt, 'auto').catch(() => {}); // hls.js reports real failures itself
      },
      () => {}, // hls.js fetches it again and reports the failure
    );

  const applyCap = () => {
    if (!hls || listen || !hls.levels.length) return;
    const levels = hls.levels;
    const screen = screenLevelCap(levels, { width: video.clientWidth, height: video.clientHeight }, devicePixelRatio);
    const saver = levels.reduce((cap, l, i) => (maxShortSide == null || shortSide(l) <= maxShortSide ? i : cap), 0);
    hls.autoLevelCapping = maxShortSide == null ? screen : Math.min(screen, saver);
    // Data saver also overrides a chosen rendition above it; the screen rule never does.
    if (chosen >= 0 && maxShortSide != null && chosen > saver) {
      chosen = -1;
      hls.currentLevel = -1;
    }
  };
  const resized = new ResizeObserver(applyCap);
  resized.observe(video);

  const start = (url: string, position: number, resume: boolean) => {
    if (!Hls) return;
    hls?.destroy();
    const h = new Hls({
      capLevelToPlayerSize: false, // our own rule: applyCap
      startLevel: 0,
      startFragPrefetch: true,
      abrEwmaDefaultEstimate: INITIAL_BANDWIDTH_ESTIMATE,
      maxBufferLength: 12,
      maxMaxBufferLength: 12,
      backBufferLength: 30,
      // Start on the lowest rung instead of first fetching a fragment to measure bandwidth: on a slow
      // network that test costs a whole extra segment before the first frame.
      testBandwidth: false,
      startPosition: position > 0 ? position : -1,
      pLoader: familyLoader(Hls, () => family),
    });
    hls = h;
    h.on(Hls.Events.MANIFEST_LOADED, (_e, d) => countBytes(d.stats.loaded));
    h.on(Hls.Events.LEVEL_LOADED, (_e, d) => countBytes(d.stats.loaded));
    h.on(Hls.Events.FRAG_LOADED, (_e, d) => countBytes(d.payload.byteLength));
    h.on(Hls.Events.MANIFEST_PARSED, () => {
      if (!listen) {
        videoQualities = h.levels.map((l, index) => ({ index, height: shortSide(l), bitrate: l.bitrate }));
        applyCap();
        if (chosen >= 0) h.currentLevel = chosen;
      }
      opts.onQualities?.(videoQualities, !!audioUri);
      opts.onListenOnly?.(listen);
    });
    h.on(Hls.Events.ERROR, (_e, data: ErrorData) => {
      if (!data.fatal || hls !== h) return;
      if (data.type === Hls!.ErrorTypes.MEDIA_ERROR && !recovered) {
        recovered = true;
        h.recoverMediaError();
        return;
      }
      const status = data.response?.code ?? 0;
      // A page held in a cache can outlive its playback token: ask once for a fresh one.
      if (data.type === Hls!.ErrorTypes.NETWORK_ERROR && status === 403 && !refreshed) {
        refreshed = true;
        void freshSource(source).then(async (next) => {
          if (!next || detached || hls !== h)
            return opts.onFatal?.('Failed to load video', 'This video link has expired. Please reload the page.');
          source = new URL(next, location.href).href;
          // The first master read failed with the old link: read it now, so "Listen only" is offered.
          if (!family)
            await getText(source)
              .then((text) => played(text, box(), maxShortSide))
              .then(
                (chosen) => {
                  family = chosen;
                  audioUri = audioOnlyVariant(chosen.text);
                },
                () => {},
              );
          if (detached || hls !== h) return;
          h.loadSource(listen ? audioSrc() : source);
        });
        return;
      }
      opts.onFatal?.(
        data.type === Hls!.ErrorTypes.MEDIA_ERROR ? 'Error loading video' : 'Failed to load video',
        status === 403 || status === 404
          ? 'You do not have access to this video.'
          : 'A network error stopped the download.',
      );
    });
    h.loadSource(url);
    h.attachMedia(video);
    if (resume) void video.play().catch(() => {});
  };

  void Promise.all([loadHls(), master]).then(
    ([{ default: H }]) => {
      if (detached) return;
      if (!H.isSupported()) {
        // Safari on older iPhones plays HLS itself (without quality choice).
        if (video.canPlayType('application/vnd.apple.mpegurl')) {
          video.src = src;
        } else opts.onFatal?.('Failed to load video', 'This browser cannot play streaming video.');
        return;
      }
      Hls = H;
      listen = wantListen && !!audioUri;
      start(listen ? audioSrc() : source, opts.startAt ?? 0, false);
    },
    () => opts.onFatal?.('Failed to load video', 'The player could not be downloaded. Check your connection.'),
  );

  return {
    detach() {
      detached = true;
      resized.disconnect();
      if (hls) hls.destroy();
      else {
        video.removeAttribute('src');
        video.load();
      }
      hls = null;
    },
    setQuality(index) {
      chosen = index;
      if (hls && !listen) hls.currentLevel = index;
      applyCap();
    },
    setMaxShortSide(px) {
      maxShortSide = px;
      applyCap();
    },
    setListenOnly(on) {
      wantListen = on;
      const next = on && !!audioUri;
      if (!hls || next === listen) return;
      // Another stream from the same position: the audio playlist alone, or the whole ladder again.
      listen = next;
      start(listen ? audioSrc() : source, video.currentTime, !video.paused);
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
