import { useT } from '#app/i18n/useT.ts';
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type Ref,
} from 'react';
import { formatDuration } from '#app/lib/format.ts';
import { readListenOnly } from '#app/lib/listenOnly.ts';
import { attachSource } from './attachSource.ts';
import { isHlsSource, preloadHls, type Quality, type StreamControl, warmUp } from './hlsSource.ts';
import { extraKeyAction, FullscreenButton, SettingsPanel } from './PlayerMenus.tsx';
import { actionForKey, SEEK_STEP, stepVolume, type PlayerAction } from './playerKeys.ts';
import { PlayerIcon, SvgIcon } from './PlayerIcon.tsx';
import { HEADPHONES_ICON, SETTINGS_ICON } from './playerOnlyIcons.ts';
import { useTouchGestures } from './useTouchGestures.ts';
import { useCaptions } from './useCaptions.ts';
import type { CaptionTrack } from '#common/captions/captions.ts';
import { useViewTracking, type ViewTracking } from './useViewTracking.ts';
import { useHeldPressReplay } from '#app/lib/useHeldPressReplay.ts';

export type PlayerState = 'loading' | 'paused' | 'playing' | 'error';

/** The seed's error texts; the overlay always reads "Failed to load video" plus the reason. */
export type PlayerErrorText = 'No video source provided' | 'Failed to load video' | 'Error loading video';

export interface PlayerHandle {
  play(): void;
  pause(): void;
}

export interface VideoPlayerProps {
  src: string | null | undefined;
  poster?: string | undefined;
  /** What is playing, for screen readers ("Trailer: Intro to Python"). */
  label: string;
  /** Start as soon as mounted (the user already asked for it, e.g. "Play Trailer"). */
  autoPlay?: boolean;
  onStateChange?: (state: PlayerState) => void;
  /** Seconds to start from (a saved position). */
  startAt?: number;
  /** The playing position, as it advances (to save progress). */
  onTimeUpdate?: (seconds: number) => void;
  /** Viewing events for the creator's analytics. */
  tracking?: ViewTracking;
  /** Caption files (WebVTT), shown as the browser's text tracks when the learner turns them on. */
  captions?: CaptionTrack[] | undefined;
  ref?: Ref<PlayerHandle>;
}

const NO_CAPTIONS: CaptionTrack[] = [];

/** Shown instead of a length the player does not know yet (never "0:00 / 0:00"). */
const UNKNOWN_TIME = '--:--';

const MEDIA_ERRORS: Record<number, string> = {
  1: 'Loading was stopped.',
  2: 'A network error stopped the download.',
  3: 'The video could not be decoded.',
  4: 'The video format is not supported or the file was not found.',
};

export function VideoPlayer({
  src,
  poster,
  label,
  autoPlay = false,
  onStateChange,
  startAt,
  onTimeUpdate,
  tracking,
  captions = NO_CAPTIONS,
  ref,
}: VideoPlayerProps) {
  const views = useViewTracking(tracking);
  const videoRef = useRef<HTMLVideoElement>(null);
  const detachRef = useRef<StreamControl | null>(null);
  const [stream, setStream] = useState<StreamControl | null>(null);
  const [qualities, setQualities] = useState<Quality[]>([]);
  const [listenOnlyAvailable, setListenOnlyAvailable] = useState(false);
  const [listening, setListening] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsId = useId();
  const { t } = useT();
  const captionChoice = useCaptions(videoRef, captions);
  const [state, setState] = useState<PlayerState>(src ? 'paused' : 'error');
  const [error, setError] = useState<{ text: PlayerErrorText; reason: string } | null>(
    src ? null : { text: 'No video source provided', reason: '' },
  );
  const [started, setStarted] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);

  // Set on any failure: the element (or stream) is then dead and the next play attaches afresh ("Try again").
  const failedRef = useRef(false);
  const fail = useCallback((text: PlayerErrorText, reason = '') => {
    failedRef.current = true;
    setError({ text, reason });
    setState('error');
  }, []);

  const play = useCallback(() => {
    const v = videoRef.current;
    if (!v) return;
    if (!src) return fail('No video source provided');
    setError(null);
    if (failedRef.current && detachRef.current) {
      detachRef.current.detach();
      detachRef.current = null;
    }
    failedRef.current = false;
    if (!detachRef.current) {
      detachRef.current = attachSource(v, src, {
        ...(startAt ? { startAt } : {}),
        listenOnly: readListenOnly(),
        onQualities: (list, audio) => {
          setQualities(list);
          setListenOnlyAvailable(audio);
        },
        onListenOnly: setListening,
        onFatal: fail,
      });
      setStream(detachRef.current);
      setStarted(true);
    }
    if (v.readyState < 3) setState('loading');
    const attempt = (retryMuted: boolean): Promise<void> =>
      v.play().catch((e: unknown) => {
        const name = e instanceof DOMException ? e.name : '';
        if (name === 'AbortError') return;
        // A browser that refuses sound without a fresh gesture may still play muted.
        if (name === 'NotAllowedError' && retryMuted) {
          v.muted = true;
          return attempt(false);
        }
        if (name === 'NotAllowedError') return setState('paused');
        if (name === 'NotSupportedError') return fail('Failed to load video', MEDIA_ERRORS[4]);
        fail('Error loading video', e instanceof Error ? e.message : '');
      });
    void attempt(true);
  }, [src, fail, startAt]);

  const pause = useCallback(() => videoRef.current?.pause(), []);
  useImperativeHandle(ref, () => ({ play, pause }), [play, pause]);

  useEffect(() => onStateChange?.(state), [state, onStateChange]);
  // The player is on screen: fetch the streaming code now rather than after Play is pressed.
  useEffect(() => {
    if (src && isHlsSource(src)) preloadHls();
  }, [src]);

  // A new source starts over; leaving detaches (and stops any download).
  // biome-ignore lint/correctness/useExhaustiveDependencies: autoPlay (and play) matter only when the source changes
  useEffect(() => {
    setError(src ? null : { text: 'No video source provided', reason: '' });
    setState(src ? 'paused' : 'error');
    setStarted(false);
    setTime(0);
    if (src && autoPlay) play();
    return () => {
      detachRef.current?.detach();
      detachRef.current = null;
      setStream(null);
      setQualities([]);
      setListenOnlyAvailable(false);
      setListening(false);
    };
  }, [src]);

  // After the source effect above: a Play pressed while this code downloaded is pressed again on a ready player.
  const rootRef = useRef<HTMLDivElement>(null);
  const awaitsCode = useHeldPressReplay(rootRef);

  const toggle = () => (state === 'playing' || state === 'loading' ? pause() : play());

  const seekBy = (by: number) => {
    const v = videoRef.current;
    if (!v) return;
    const end = Number.isFinite(v.duration) ? v.duration : Infinity;
    v.currentTime = Math.min(end, Math.max(0, v.currentTime + by));
  };
  const touch = useTouchGestures({ playing: state === 'playing', play, seekBy });

  const run = (a: PlayerAction) => {
    const v = videoRef.current;
    if (!v) return;
    if (a.type === 'toggle') toggle();
    else if (a.type === 'seek') seekBy(a.by);
    else if (a.type === 'volume') {
      v.volume = stepVolume(v.muted ? 0 : v.volume, a.by);
      v.muted = v.volume === 0;
    } else v.muted = !v.muted;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    // Buttons and sliders keep their own Space/Enter/arrow behaviour.
    if ((target.tagName === 'BUTTON' || target.tagName === 'INPUT') && /^( |Enter|Arrow.*)$/.test(e.key)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape' && settingsOpen) {
      e.preventDefault();
      return setSettingsOpen(false);
    }
    if (extraKeyAction(e.key, videoRef.current)) return e.preventDefault();
    const action = actionForKey(e.key);
    if (!action) return;
    e.preventDefault();
    run(action);
  };

  const playing = state === 'playing' || state === 'loading';
  const shownVolume = muted ? 0 : volume;
  const known = duration > 0;
  const clock = known ? `${formatDuration(time)} / ${formatDuration(duration)}` : `${UNKNOWN_TIME} / ${UNKNOWN_TIME}`;
  // A mouse click plays or pauses at once; taps go through the touch gestures (double tap seeks).
  const onVideoClick = (e: MouseEvent<HTMLVideoElement>) => (touch.onClick(e) ? undefined : toggle());
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <fieldset> is for form fields; this groups a video and its controls
    <div
      ref={rootRef}
      {...awaitsCode}
      className="player"
      data-state={state}
      data-started={started || undefined}
      data-controls={touch.controlsHidden ? 'hidden' : undefined}
      data-listening={listening || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a composite widget: focus inside it enables its shortcuts
      tabIndex={0}
      role="group"
      aria-label={t('player.label', { label })}
      onKeyDown={onKeyDown}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: episodes without caption files have nothing to put in a <track> */}
      <video
        ref={videoRef}
        className="player-video"
        poster={poster}
        preload={started ? 'auto' : 'none'}
        playsInline
        onPointerDown={touch.onPointerDown}
        onClick={onVideoClick}
        onPlaying={() => {
          setState('playing');
          views.onPlaying();
        }}
        onPause={() => setState((s) => (s === 'error' ? s : 'paused'))}
        onWaiting={() => setState('loading')}
        onStalled={(e) => {
          // The download stalled and the picture is about to run out: show that we are waiting.
          if (!e.currentTarget.paused && e.currentTarget.readyState < 3) setState('loading');
        }}
        onTimeUpdate={(e) => {
          // Switching streams (Listen only) empties the element for a moment: that 0 is not a position.
          if (e.currentTarget.readyState === 0) return;
          setTime(e.currentTarget.currentTime);
          views.onTime(e.currentTarget.currentTime);
          onTimeUpdate?.(e.currentTarget.currentTime);
        }}
        onDurationChange={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onVolumeChange={(e) => {
          setVolume(e.currentTarget.volume);
          setMuted(e.currentTarget.muted);
        }}
        onError={(e) => {
          // Without an attached source there is nothing that failed to load (e.g. after detaching).
          if (!detachRef.current) return;
          const code = e.currentTarget.error?.code ?? 0;
          const reason = e.currentTarget.error?.message || MEDIA_ERRORS[code] || '';
          fail(code === 3 ? 'Error loading video' : 'Failed to load video', reason);
        }}
      >
        {captions.map((t) => (
          <track key={t.src} kind="subtitles" src={t.src} srcLang={t.language} label={t.label} />
        ))}
      </video>
      {listening ? (
        <div className="player-audio" style={poster ? { backgroundImage: `url("${poster}")` } : undefined}>
          <span className="player-audio-badge">
            <SvgIcon d={HEADPHONES_ICON} />
            Listen only
          </span>
        </div>
      ) : null}
      {touch.flash ? (
        <div className="player-seek-flash" data-side={touch.flash.by < 0 ? 'back' : 'forward'} aria-hidden="true">
          {touch.flash.by < 0 ? `−${SEEK_STEP} s` : `+${SEEK_STEP} s`}
        </div>
      ) : null}
      {state === 'loading' ? <div className="player-spinner" role="status" aria-label={t('player.loading')} /> : null}
      {state === 'paused' ? (
        // For thumbs: the big Play in the middle (the control bar's Play is the accessible one).
        <button type="button" className="player-bigplay" tabIndex={-1} aria-hidden="true" onClick={play}>
          <PlayerIcon name="play" />
        </button>
      ) : null}
      {error ? (
        <div className="player-error" role="alert">
          <p className="player-error-title">{t('Failed to load video')}</p>
          <p className="player-error-reason">
            {error.text === 'Failed to load video'
              ? t(error.reason || 'The video could not be loaded.')
              : t(error.text)}
            {error.text === 'Error loading video' && error.reason ? `: ${t(error.reason)}` : null}
          </p>
          {src ? (
            <button type="button" className="btn btn-ghost" onClick={play}>
              {t('purchase.tryAgain')}
            </button>
          ) : null}
        </div>
      ) : null}
      <SettingsPanel
        id={settingsId}
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        videoRef={videoRef}
        control={stream}
        qualities={qualities}
        listenOnlyAvailable={listenOnlyAvailable}
        listening={listening}
        captions={captions}
        captionChoice={captionChoice.choice}
        onCaptionChoice={captionChoice.choose}
      />
      <div className="player-controls" onPointerDown={touch.keepControls}>
        <div className="player-row">
          <input
            className="player-seek"
            type="range"
            min={0}
            max={duration || 0}
            step="any"
            value={Math.min(time, duration || 0)}
            aria-label={t('player.seek')}
            aria-valuetext={
              known
                ? t('player.position', { time: formatDuration(time), duration: formatDuration(duration) })
                : t('player.lengthUnknown')
            }
            onChange={(e) => {
              if (videoRef.current) videoRef.current.currentTime = Number(e.currentTarget.value);
            }}
          />
          <span className="player-time">{clock}</span>
        </div>
        <div className="player-row">
          <button
            type="button"
            className="player-btn"
            onClick={toggle}
            aria-label={playing ? t('hero.pause') : t('hero.play')}
          >
            <PlayerIcon name={playing ? 'pause' : 'play'} />
          </button>
          <button
            type="button"
            className="player-btn"
            onClick={() => run({ type: 'seek', by: -SEEK_STEP })}
            aria-label={t('player.back10')}
          >
            <PlayerIcon name="back" />
          </button>
          <button
            type="button"
            className="player-btn"
            onClick={() => run({ type: 'seek', by: SEEK_STEP })}
            aria-label={t('player.forward10')}
          >
            <PlayerIcon name="forward" />
          </button>
          <button
            type="button"
            className="player-btn"
            onClick={() => run({ type: 'mute' })}
            aria-label={muted ? t('player.unmute') : t('player.mute')}
          >
            <PlayerIcon name={shownVolume === 0 ? 'muted' : 'volume'} />
          </button>
          <input
            className="player-volume"
            type="range"
            min={0}
            max={1}
            step={0.1}
            value={shownVolume}
            aria-label={t('player.volume')}
            onChange={(e) => {
              const v = videoRef.current;
              if (!v) return;
              v.volume = stepVolume(Number(e.currentTarget.value), 0);
              v.muted = v.volume === 0;
            }}
          />
          <button
            type="button"
            className="player-btn"
            aria-label={t('player.settings')}
            aria-expanded={settingsOpen}
            aria-controls={settingsId}
            onClick={() => setSettingsOpen((o) => !o)}
          >
            <SvgIcon d={SETTINGS_ICON} />
          </button>
          <FullscreenButton videoRef={videoRef} />
        </div>
      </div>
    </div>
  );
}

export { preloadHls, warmUp };
