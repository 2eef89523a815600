// The video player: a <video> with its own controls, keyboard shortcuts and phone gestures, around a source
// that usePlayback attaches on the first Play. The control bar, the overlays and the settings are their own files.
import { useT } from '#app/i18n/useT.ts';
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { preloadHls, warmUp } from './hlsSource.ts';
import { extraKeyAction, SettingsPanel } from './PlayerMenus.tsx';
import { actionForKey, stepVolume, type PlayerAction } from './playerKeys.ts';
import { PlayerControls } from './PlayerControls.tsx';
import { PlayerOverlays } from './PlayerOverlays.tsx';
import { usePlayback } from './usePlayback.ts';
import { useTouchGestures } from './useTouchGestures.ts';
import { useCaptions } from './useCaptions.ts';
import type { CaptionTrack } from '#common/captions/captions.ts';
import { useViewTracking, type ViewTracking } from './useViewTracking.ts';
import { useHeldPressReplay } from '#app/lib/useHeldPressReplay.ts';
import { NextCountdown } from './NextCountdown.tsx';

export type PlayerState = 'loading' | 'paused' | 'playing' | 'error';

/** The seed's error texts; the overlay always reads "Failed to load video" plus the reason. */
export type PlayerErrorText = 'No video source provided' | 'Failed to load video' | 'Error loading video';

export interface PlayerHandle {
  play(): void;
  pause(): void;
  /** Plays from `seconds` (a note's moment). */
  seek(seconds: number): void;
  /** Where the video is now, in seconds (null before it is attached). */
  currentTime(): number | null;
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
  /** What follows when this video ends: a short countdown, then `play` (none after the last episode). */
  upNext?: { title: string; play: () => void } | undefined;
  /**
   * An audio lesson (decision 0069): no picture, only the control bar (play/pause, seek, speed), the same
   * keys, progress and data meter; it plays the recording's Listen only variant.
   */
  audio?: boolean;
  ref?: Ref<PlayerHandle>;
}

const NO_CAPTIONS: CaptionTrack[] = [];

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
  upNext,
  audio = false,
  ref,
}: VideoPlayerProps) {
  const views = useViewTracking(tracking);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsId = useId();
  const { t } = useT();
  const captionChoice = useCaptions(videoRef, captions);
  const playback = usePlayback(videoRef, { src, autoPlay, startAt, onStateChange, ref, listenOnly: audio });
  const { state, setState, error, started, listening, play, pause } = playback;
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [ended, setEnded] = useState(false);

  // After usePlayback's source effect: a Play pressed while this code downloaded is pressed again on a ready player.
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
      data-listening={(!audio && listening) || undefined}
      data-audio={audio || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a composite widget: focus inside it enables its shortcuts
      tabIndex={0}
      role="group"
      aria-label={t(audio ? 'player.audioLabel' : 'player.label', { label })}
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
        onPlay={() => setEnded(false)}
        onEnded={() => setEnded(true)}
        onWaiting={() => setState('loading')}
        onStalled={(e) => {
          // The download stalled and the picture is about to run out: show that we are waiting.
          if (!e.currentTarget.paused && e.currentTarget.readyState < 3) setState('loading');
        }}
        onTimeUpdate={(e) => {
          // Switching streams (Listen only) empties the element for a moment: that 0 is not a position.
          if (e.currentTarget.readyState === 0) return;
          playback.setTime(e.currentTarget.currentTime);
          views.onTime(e.currentTarget.currentTime);
          onTimeUpdate?.(e.currentTarget.currentTime);
        }}
        onDurationChange={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
        onVolumeChange={(e) => {
          setVolume(e.currentTarget.volume);
          setMuted(e.currentTarget.muted);
        }}
        onError={playback.onMediaError}
      >
        {captions.map((t) => (
          <track key={t.src} kind="subtitles" src={t.src} srcLang={t.language} label={t.label} />
        ))}
      </video>
      <PlayerOverlays
        poster={poster}
        listening={!audio && listening}
        flash={touch.flash}
        state={state}
        error={error}
        canRetry={!!src}
        onPlay={play}
      />
      {ended && upNext ? (
        <NextCountdown title={upNext.title} onPlayNow={upNext.play} onCancel={() => setEnded(false)} />
      ) : null}
      <SettingsPanel
        id={settingsId}
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        videoRef={videoRef}
        control={playback.stream}
        qualities={playback.qualities}
        listenOnlyAvailable={playback.listenOnlyAvailable}
        listening={listening}
        captions={captions}
        captionChoice={captionChoice.choice}
        onCaptionChoice={captionChoice.choose}
      />
      <PlayerControls
        videoRef={videoRef}
        time={playback.time}
        duration={duration}
        volume={volume}
        muted={muted}
        playing={playing}
        onToggle={toggle}
        onAction={run}
        settingsId={settingsId}
        settingsOpen={settingsOpen}
        onSettingsToggle={() => setSettingsOpen((o) => !o)}
        onPointerDown={touch.keepControls}
        audio={audio}
      />
    </div>
  );
}

export { preloadHls, warmUp };
