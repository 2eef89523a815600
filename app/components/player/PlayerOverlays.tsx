// What the player lays over the picture: the "Listen only" poster, the double-tap seek flash, the loading
// spinner, the big Play for thumbs and the error with its reason and "Try again".
import { useT } from '#app/i18n/useT.ts';
import { SEEK_STEP } from './playerKeys.ts';
import { PlayerIcon, SvgIcon } from './PlayerIcon.tsx';
import { HEADPHONES_ICON } from './playerOnlyIcons.ts';
import type { PlayerErrorText, PlayerState } from './VideoPlayer.tsx';

interface PlayerOverlaysProps {
  poster: string | undefined;
  listening: boolean;
  /** The last double-tap seek, while it is shown. */
  flash: { by: number } | null;
  state: PlayerState;
  error: { text: PlayerErrorText; reason: string } | null;
  /** There is a source to try again with. */
  canRetry: boolean;
  onPlay: () => void;
}

export function PlayerOverlays({ poster, listening, flash, state, error, canRetry, onPlay }: PlayerOverlaysProps) {
  const { t } = useT();
  return (
    <>
      {listening ? (
        <div className="player-audio" style={poster ? { backgroundImage: `url("${poster}")` } : undefined}>
          <span className="player-audio-badge">
            <SvgIcon d={HEADPHONES_ICON} />
            Listen only
          </span>
        </div>
      ) : null}
      {flash ? (
        <div className="player-seek-flash" data-side={flash.by < 0 ? 'back' : 'forward'} aria-hidden="true">
          {flash.by < 0 ? `−${SEEK_STEP} s` : `+${SEEK_STEP} s`}
        </div>
      ) : null}
      {state === 'loading' ? <div className="player-spinner" role="status" aria-label={t('player.loading')} /> : null}
      {state === 'paused' ? (
        // For thumbs: the big Play in the middle (the control bar's Play is the accessible one).
        <button type="button" className="player-bigplay" tabIndex={-1} aria-hidden="true" onClick={onPlay}>
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
          {canRetry ? (
            <button type="button" className="btn btn-ghost" onClick={onPlay}>
              {t('purchase.tryAgain')}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
