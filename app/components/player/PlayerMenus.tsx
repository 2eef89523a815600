// The player's extra controls: playback speed, quality (Auto and each rendition, capped by data saver)
// and fullscreen. Native <select>s: labelled, keyboard- and touch-friendly without extra code.
import { useEffect, useState, type RefObject } from 'react';
import { DATA_SAVER_MAX_SHORT_SIDE, useDataSaver } from '../../lib/dataSaver.ts';
import type { Quality, StreamControl } from './hlsSource.ts';
import { PlayerIcon } from './PlayerIcon.tsx';

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export function toggleFullscreen(container: HTMLElement | null): void {
  if (!container) return;
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
  else void container.requestFullscreen?.().catch(() => {});
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

export function PlayerMenus(props: {
  videoRef: RefObject<HTMLVideoElement | null>;
  control: StreamControl | null;
  qualities: Quality[];
}) {
  const { videoRef, control, qualities } = props;
  const [speed, setSpeed] = useState(1);
  const [quality, setQuality] = useState(-1);
  const [dataSaver, setDataSaver] = useDataSaver();
  const [fullscreen, setFullscreen] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onRate = () => setSpeed(video.playbackRate);
    video.addEventListener('ratechange', onRate);
    const onFs = () => setFullscreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onFs);
    return () => {
      video.removeEventListener('ratechange', onRate);
      document.removeEventListener('fullscreenchange', onFs);
    };
  }, [videoRef]);

  useEffect(() => control?.setMaxShortSide(dataSaver ? DATA_SAVER_MAX_SHORT_SIDE : null), [control, dataSaver]);

  const shown = qualities.filter((q) => !dataSaver || q.height <= DATA_SAVER_MAX_SHORT_SIDE);
  useEffect(() => {
    if (quality >= 0 && !shown.some((q) => q.index === quality)) setQuality(-1);
  }, [dataSaver]);

  return (
    <>
      <select
        className="player-select"
        aria-label="Playback speed"
        value={speed}
        onChange={(e) => {
          if (videoRef.current) videoRef.current.playbackRate = Number(e.currentTarget.value);
        }}
      >
        {SPEEDS.map((s) => (
          <option key={s} value={s}>
            {s === 1 ? 'Normal' : `${s}×`}
          </option>
        ))}
      </select>
      {qualities.length ? (
        <select
          className="player-select"
          aria-label="Quality"
          value={quality}
          onChange={(e) => {
            const i = Number(e.currentTarget.value);
            setQuality(i);
            control?.setQuality(i);
          }}
        >
          <option value={-1}>Auto</option>
          {shown.map((q) => (
            <option key={q.index} value={q.index}>
              {q.height}p
            </option>
          ))}
        </select>
      ) : null}
      <button
        type="button"
        className="player-btn player-saver"
        aria-pressed={dataSaver}
        aria-label="Data saver (up to 360p)"
        title="Data saver (up to 360p)"
        onClick={() => setDataSaver(!dataSaver)}
      >
        {dataSaver ? 'Saver on' : 'Saver off'}
      </button>
      <button
        type="button"
        className="player-btn"
        aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
        onClick={() => toggleFullscreen(videoRef.current?.closest<HTMLElement>('.player') ?? null)}
      >
        <PlayerIcon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
      </button>
    </>
  );
}
