import { useCallback, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { formatDuration } from '../../lib/format.ts';
import { attachSource } from './attachSource.ts';
import { isHlsSource, preloadHls, type Quality, type StreamControl } from './hlsSource.ts';
import { extraKeyAction, PlayerMenus } from './PlayerMenus.tsx';
import { actionForKey, stepVolume, type PlayerAction } from './playerKeys.ts';
import { PlayerIcon } from './PlayerIcon.tsx';
import { useViewTracking, type ViewTracking } from './useViewTracking.ts';

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
  ref?: Ref<PlayerHandle>;
}

const MEDIA_ERRORS: Record<number, string> = {
  1: 'Loading was stopped.',
  2: 'A network error stopped the download.',
  3: 'The video could not be decoded.',
  4: 'The video format is not supported or the file was not found.',
};

export function VideoPlayer({ src, poster, label, autoPlay = false, onStateChange, startAt, onTimeUpdate, tracking, ref }: VideoPlayerProps) {
  const views = useViewTracking(tracking);
  const videoRef = useRef<HTMLVideoElement>(null);
  const detachRef = useRef<StreamControl | null>(null);
  const [stream, setStream] = useState<StreamControl | null>(null);
  const [qualities, setQualities] = useState<Quality[]>([]);
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
      detachRef.current = attachSource(v, src, { ...(startAt ? { startAt } : {}), onQualities: setQualities, onFatal: fail });
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
    };
    // autoPlay only matters at mount or when the source changes.
  }, [src]);

  const toggle = () => (state === 'playing' || state === 'loading' ? pause() : play());

  const run = (a: PlayerAction) => {
    const v = videoRef.current;
    if (!v) return;
    if (a.type === 'toggle') toggle();
    else if (a.type === 'seek') {
      const end = Number.isFinite(v.duration) ? v.duration : Infinity;
      v.currentTime = Math.min(end, Math.max(0, v.currentTime + a.by));
    } else if (a.type === 'volume') {
      v.volume = stepVolume(v.muted ? 0 : v.volume, a.by);
      v.muted = v.volume === 0;
    } else v.muted = !v.muted;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    // Buttons and sliders keep their own Space/Enter/arrow behaviour.
    if ((target.tagName === 'BUTTON' || target.tagName === 'INPUT') && /^( |Enter|Arrow.*)$/.test(e.key)) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (extraKeyAction(e.key, videoRef.current)) return e.preventDefault();
    const action = actionForKey(e.key);
    if (!action) return;
    e.preventDefault();
    run(action);
  };

  const playing = state === 'playing' || state === 'loading';
  const shownVolume = muted ? 0 : volume;
  return (
    <div
      className="player"
      data-state={state}
      data-started={started || undefined}
      tabIndex={0}
      role="group"
      aria-label={`Video player: ${label}`}
      onKeyDown={onKeyDown}
    >
      <video
        ref={videoRef}
        className="player-video"
        poster={poster}
        preload={started ? 'auto' : 'none'}
        playsInline
        onClick={toggle}
        onPlaying={() => {
          setState('playing');
          views.onPlaying();
        }}
        onPause={() => setState((s) => (s === 'error' ? s : 'paused'))}
        onWaiting={() => setState('loading')}
        onTimeUpdate={(e) => {
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
      />
      {state === 'loading' ? <div className="player-spinner" role="status" aria-label="Loading video" /> : null}
      {error ? (
        <div className="player-error" role="alert">
          <p className="player-error-title">Failed to load video</p>
          <p className="player-error-reason">
            {error.text === 'Failed to load video' ? error.reason || 'The video could not be loaded.' : error.text}
            {error.text === 'Error loading video' && error.reason ? `: ${error.reason}` : null}
          </p>
          {src ? (
            <button type="button" className="btn btn-ghost" onClick={play}>
              Try again
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="player-controls">
        <button type="button" className="player-btn" onClick={toggle} aria-label={playing ? 'Pause' : 'Play'}>
          <PlayerIcon name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" className="player-btn" onClick={() => run({ type: 'seek', by: -10 })} aria-label="Back 10 seconds">
          <PlayerIcon name="back" />
        </button>
        <button type="button" className="player-btn" onClick={() => run({ type: 'seek', by: 10 })} aria-label="Forward 10 seconds">
          <PlayerIcon name="forward" />
        </button>
        <input
          className="player-seek"
          type="range"
          min={0}
          max={duration || 0}
          step="any"
          value={Math.min(time, duration || 0)}
          aria-label="Seek"
          aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
          onChange={(e) => {
            if (videoRef.current) videoRef.current.currentTime = Number(e.currentTarget.value);
          }}
        />
        <span className="player-time">
          {formatDuration(time)} / {formatDuration(duration)}
        </span>
        <button type="button" className="player-btn" onClick={() => run({ type: 'mute' })} aria-label={muted ? 'Unmute' : 'Mute'}>
          <PlayerIcon name={shownVolume === 0 ? 'muted' : 'volume'} />
        </button>
        <input
          className="player-volume"
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={shownVolume}
          aria-label="Volume"
          onChange={(e) => {
            const v = videoRef.current;
            if (!v) return;
            v.volume = stepVolume(Number(e.currentTarget.value), 0);
            v.muted = v.volume === 0;
          }}
        />
        <PlayerMenus videoRef={videoRef} control={stream} qualities={qualities} />
      </div>
    </div>
  );
}

export { preloadHls };
