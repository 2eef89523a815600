// Shown over the picture when an episode ends and another follows: "Next: <title> in 5", with Cancel and
// Play now. It counts down by itself (the learner asked for the course, not for one episode) but never
// traps: Cancel or Escape stops it, and the last episode simply ends.
import { useT } from '#app/i18n/useT.ts';
import { useEffect, useRef, useState } from 'react';

/** Seconds before the next episode starts by itself. */
export const NEXT_AFTER_S = 5;

interface NextCountdownProps {
  title: string;
  onPlayNow: () => void;
  onCancel: () => void;
  seconds?: number;
}

export function NextCountdown({ title, onPlayNow, onCancel, seconds = NEXT_AFTER_S }: NextCountdownProps) {
  const { t } = useT();
  const [left, setLeft] = useState(seconds);
  // Said once, after mounting: a live region announces changes, not what it held when it appeared.
  const [announced, setAnnounced] = useState('');
  const announcement = t('player.nextInSeconds', { title, seconds });
  useEffect(() => setAnnounced(announcement), [announcement]);

  // The latest callback, so a parent's re-render neither restarts the count nor starts the next one twice.
  const playNow = useRef(onPlayNow);
  playNow.current = onPlayNow;
  useEffect(() => {
    if (left <= 0) return playNow.current();
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onCancel]);

  return (
    <section className="player-next" aria-label={t('player.upNext')}>
      {/* Announced once; the ticking number is for the eye (a screen reader saying it each second is noise). */}
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
      <p className="player-next-text" aria-hidden="true">
        {t('player.nextIn', { title, seconds: left })}
      </p>
      <div className="player-next-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('player.cancelNext')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onPlayNow}>
          {t('player.playNow')}
        </button>
      </div>
    </section>
  );
}
