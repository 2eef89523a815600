// The player's control bar: the seek slider and clock, then Play/Pause, 10 s back/forward, mute, volume,
// the settings toggle and fullscreen. It only draws and reports; the <video> is driven by VideoPlayer.
import { useT } from '#app/i18n/useT.ts';
import type { PointerEvent, RefObject } from 'react';
import { formatDuration } from '#app/lib/format.ts';
import { FullscreenButton, SpeedSelect } from './PlayerMenus.tsx';
import { SEEK_STEP, stepVolume, type PlayerAction } from './playerKeys.ts';
import { PlayerIcon, SvgIcon } from './PlayerIcon.tsx';
import { SETTINGS_ICON } from './playerOnlyIcons.ts';

const SEEK_BUTTONS = [
  { icon: 'back', by: -SEEK_STEP, label: 'player.back10' },
  { icon: 'forward', by: SEEK_STEP, label: 'player.forward10' },
] as const;

/** Shown instead of a length the player does not know yet (never "0:00 / 0:00"). */
const UNKNOWN_TIME = '--:--';

interface PlayerControlsProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  time: number;
  duration: number;
  volume: number;
  muted: boolean;
  /** Playing or loading: the main button offers Pause. */
  playing: boolean;
  onToggle: () => void;
  onAction: (a: PlayerAction) => void;
  settingsId: string;
  settingsOpen: boolean;
  onSettingsToggle: () => void;
  onPointerDown: (e: PointerEvent) => void;
  /** An audio lesson (decision 0069): the speed in the bar in place of settings and fullscreen. */
  audio?: boolean;
}

export function PlayerControls({
  videoRef,
  time,
  duration,
  volume,
  muted,
  playing,
  onToggle,
  onAction,
  settingsId,
  settingsOpen,
  onSettingsToggle,
  onPointerDown,
  audio = false,
}: PlayerControlsProps) {
  const { t } = useT();
  const shownVolume = muted ? 0 : volume;
  const known = duration > 0;
  const clock = known ? `${formatDuration(time)} / ${formatDuration(duration)}` : `${UNKNOWN_TIME} / ${UNKNOWN_TIME}`;
  return (
    <div className="player-controls" onPointerDown={onPointerDown}>
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
          onClick={onToggle}
          aria-label={playing ? t('hero.pause') : t('hero.play')}
        >
          <PlayerIcon name={playing ? 'pause' : 'play'} />
        </button>
        {SEEK_BUTTONS.map(({ icon, by, label }) => (
          <button
            key={icon}
            type="button"
            className="player-btn"
            onClick={() => onAction({ type: 'seek', by })}
            aria-label={t(label)}
          >
            <PlayerIcon name={icon} />
          </button>
        ))}
        <button
          type="button"
          className="player-btn"
          onClick={() => onAction({ type: 'mute' })}
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
        {audio ? (
          <SpeedSelect videoRef={videoRef} className="player-speed" />
        ) : (
          <>
            <button
              type="button"
              className="player-btn"
              aria-label={t('player.settings')}
              aria-expanded={settingsOpen}
              aria-controls={settingsId}
              onClick={onSettingsToggle}
            >
              <SvgIcon d={SETTINGS_ICON} />
            </button>
            <FullscreenButton videoRef={videoRef} />
          </>
        )}
      </div>
    </div>
  );
}
