// The player's settings and fullscreen. Settings (speed, quality with "Listen only", data saver and the
// data meter) open as a panel over the picture, so the control bar fits a 320 px phone. Native <select>s:
// labelled, keyboard- and touch-friendly without extra code.
import { useT } from '#app/i18n/useT.ts';
import { useEffect, useState, type RefObject } from 'react';
import { formatWeekly, useWeeklyVideoBytes } from '#app/lib/dataMeter.ts';
import { DATA_SAVER_MAX_SHORT_SIDE, useDataSaver } from '#app/lib/dataSaver.ts';
import { storeListenOnly } from '#app/lib/listenOnly.ts';
import type { Quality, StreamControl } from './hlsSource.ts';
import { PlayerIcon } from './PlayerIcon.tsx';
import type { CaptionTrack } from '#common/captions/captions.ts';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** The quality menu's value for the audio-only rendition. */
const LISTEN_ONLY = -2;

type LockableOrientation = ScreenOrientation & { lock?: (o: 'landscape') => Promise<void>; unlock?: () => void };

const orientation = () => globalThis.screen?.orientation as LockableOrientation | undefined;

/** Lets the phone turn freely again; a browser without locking (or that throws) is left as it is. */
function unlockOrientation(): void {
  try {
    orientation()?.unlock?.();
  } catch {}
}

export function toggleFullscreen(container: HTMLElement | null): void {
  if (!container) return;
  if (document.fullscreenElement) {
    void document.exitFullscreen().catch(() => {});
    return;
  }
  void container.requestFullscreen?.().then(
    () => {
      // A landscape picture turns the phone sideways; browsers that do not allow it just stay upright.
      const video = container.querySelector('video');
      if (video && video.videoHeight > video.videoWidth) return;
      void orientation()
        ?.lock?.('landscape')
        ?.catch(() => {});
    },
    () => {},
  );
}

/** Keys beyond the seed's: F fullscreen, Shift+> / Shift+< speed. True when handled. */
export function extraKeyAction(key: string, video: HTMLVideoElement | null): boolean {
  if (!video) return false;
  if (key === 'f' || key === 'F') {
    toggleFullscreen(video.closest<HTMLElement>('.player'));
    return true;
  }
  const step = key === '>' ? 1 : key === '<' ? -1 : 0;
  if (!step) return false;
  const i = SPEEDS.findIndex((s) => s >= video.playbackRate);
  video.playbackRate = SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, (i < 0 ? 2 : i) + step))]!;
  return true;
}

export function FullscreenButton({ videoRef }: { videoRef: RefObject<HTMLVideoElement | null> }) {
  const { t } = useT();
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    // However fullscreen ends (this button, F, Escape, the phone's Back), the lock goes with it.
    const onFs = () => {
      setFullscreen(!!document.fullscreenElement);
      if (!document.fullscreenElement) unlockOrientation();
    };
    document.addEventListener('fullscreenchange', onFs);
    return () => document.removeEventListener('fullscreenchange', onFs);
  }, []);
  return (
    <button
      type="button"
      className="player-btn"
      aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
      onClick={() => toggleFullscreen(videoRef.current?.closest<HTMLElement>('.player') ?? null)}
    >
      <PlayerIcon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
    </button>
  );
}

export function SettingsPanel(props: {
  id: string;
  open: boolean;
  onClose: () => void;
  videoRef: RefObject<HTMLVideoElement | null>;
  control: StreamControl | null;
  qualities: Quality[];
  listenOnlyAvailable: boolean;
  listening: boolean;
  captions: CaptionTrack[];
  captionChoice: string;
  onCaptionChoice: (choice: string) => void;
}) {
  const { id, open, onClose, videoRef, control, qualities, listenOnlyAvailable, listening } = props;
  const { captions, captionChoice, onCaptionChoice } = props;
  const [quality, setQuality] = useState(-1);
  const [dataSaver, setDataSaver] = useDataSaver();
  const weekly = useWeeklyVideoBytes();
  const { t } = useT();

  useEffect(() => control?.setMaxShortSide(dataSaver ? DATA_SAVER_MAX_SHORT_SIDE : null), [control, dataSaver]);

  const shown = qualities.filter((q) => !dataSaver || q.height <= DATA_SAVER_MAX_SHORT_SIDE);
  // Data saver hides a chosen rendition above 360p (the stream drops it too): back to Auto.
  useEffect(() => {
    if (quality >= 0 && !shown.some((q) => q.index === quality)) setQuality(-1);
  }, [quality, shown]);

  return (
    <fieldset className="player-panel" id={id} aria-label="Player settings" hidden={!open}>
      {/* The fields scroll inside the panel when the picture is shorter than they are (a 320 px phone). */}
      <div className="player-panel-body">
        {/* The select names itself ("Playback speed"): the word above it is for the eye. */}
        <div className="player-field">
          <span aria-hidden="true">{t('player.speed')}</span>
          <SpeedSelect videoRef={videoRef} />
        </div>
        {qualities.length || listenOnlyAvailable ? (
          <label className="player-field">
            <span>{t('player.quality')}</span>
            <select
              className="player-select"
              aria-label={t('player.quality')}
              value={listening ? LISTEN_ONLY : quality}
              onChange={(e) => {
                const i = Number(e.currentTarget.value);
                storeListenOnly(i === LISTEN_ONLY);
                control?.setListenOnly(i === LISTEN_ONLY);
                if (i === LISTEN_ONLY) return;
                setQuality(i);
                control?.setQuality(i);
              }}
            >
              <option value={-1}>{t('player.auto')}</option>
              {shown.map((q) => (
                <option key={q.index} value={q.index}>
                  {q.height}p
                </option>
              ))}
              {listenOnlyAvailable ? <option value={LISTEN_ONLY}>{t('player.listenOnly')}</option> : null}
            </select>
          </label>
        ) : null}
        {captions.length ? (
          <label className="player-field">
            <span>{t('player.captionsCC')}</span>
            <select
              className="player-select"
              aria-label={t('player.captions')}
              value={captions.some((c) => c.language === captionChoice) ? captionChoice : 'off'}
              onChange={(e) => onCaptionChoice(e.currentTarget.value)}
            >
              <option value="off">{t('player.off')}</option>
              {captions.map((c) => (
                <option key={c.language} value={c.language}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <p className="player-meter">{t('player.thisWeek', { amount: formatWeekly(weekly) })}</p>
        <button
          type="button"
          className="player-btn player-saver"
          aria-pressed={dataSaver}
          aria-label={t('player.dataSaver')}
          title={t('player.dataSaver')}
          onClick={() => setDataSaver(!dataSaver)}
        >
          {dataSaver ? t('player.saverOn') : t('player.saverOff')}
        </button>
      </div>
      <button
        type="button"
        className="player-btn player-panel-close"
        aria-label={t('player.closeSettings')}
        onClick={onClose}
      >
        ×
      </button>
    </fieldset>
  );
}

/** The playback speed, a native <select> following the element's rate (keys change it too). */
export function SpeedSelect({
  videoRef,
  className = 'player-select',
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  className?: string;
}) {
  const [speed, setSpeed] = useState(1);
  const { t } = useT();
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onRate = () => setSpeed(video.playbackRate);
    video.addEventListener('ratechange', onRate);
    return () => video.removeEventListener('ratechange', onRate);
  }, [videoRef]);
  return (
    <select
      className={className}
      aria-label={t('player.playbackSpeed')}
      value={speed}
      onChange={(e) => {
        if (videoRef.current) videoRef.current.playbackRate = Number(e.currentTarget.value);
      }}
    >
      {SPEEDS.map((s) => (
        <option key={s} value={s}>
          {s === 1 ? t('player.normal') : `${s}×`}
        </option>
      ))}
    </select>
  );
}
