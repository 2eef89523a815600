import { useEffect, useRef, useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { LessonText } from './LessonText.tsx';

interface Props {
  html: string;
  label: string;
  completed: boolean;
  /** Saves the lesson as read (the learning page's progress saver: queued on the device when offline). */
  onRead(): void;
  /** The learning page's "Next episode" link, repeated at the end of the text where the reader is. */
  next?: React.ReactNode;
}

/**
 * A text lesson on the learning page, in place of the player. It completes when the reader scrolls to its
 * end (not merely because a short text fits on the screen), or with "Mark as complete".
 */
export function TextLesson({ html, label, completed, onRead, next }: Props) {
  const { t } = useT();
  const [done, setDone] = useState(completed);
  const end = useRef<HTMLDivElement>(null);
  const markRead = useRef(() => {});
  markRead.current = () => {
    if (done) return;
    setDone(true);
    onRead();
  };

  useEffect(() => {
    const el = end.current;
    if (!el || done) return;
    // Only the end coming into view from below says the learner read on. The end already on screen does
    // not, nor does the scroll to the top that follows a navigation from the previous lesson's end.
    const below = () => el.getBoundingClientRect().top >= window.innerHeight;
    let wasBelow = below();
    const onScroll = () => {
      if (below()) wasBelow = true;
      else if (wasBelow) markRead.current();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [done]);

  return (
    <div className="text-lesson">
      <LessonText html={html} label={label} />
      <div ref={end} className="text-lesson-end">
        {done ? (
          <p className="text-lesson-done" role="status">
            ✓ {t('learn.completed')}
          </p>
        ) : (
          <button type="button" className="btn btn-light" onClick={() => markRead.current()}>
            {t('learn.markComplete')}
          </button>
        )}
        {next}
      </div>
    </div>
  );
}
