import '#app/styles/lessons.css';
import { useT } from '#app/i18n/useT.ts';
import { formatDuration } from '../../lib/format.ts';

/** A lesson's type as an icon and a word, then its length: a reading time for text, a duration for video (a quiz: the word only). */
export function LessonKind({
  kind,
  duration,
  readingMinutes,
}: {
  kind: string;
  duration: number;
  readingMinutes: number;
}) {
  const { t } = useT();
  const text = kind === 'text';
  const pdf = kind === 'pdf';
  const audio = kind === 'audio';
  if (kind === 'quiz')
    return (
      <span className="lesson-kind">
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 3h16v18H4V3zm3 4v2h2V7H7zm4 0v2h6V7h-6zm-4 4v2h2v-2H7zm4 0v2h6v-2h-6zm-4 4v2h2v-2H7zm4 0v2h6v-2h-6z"
          />
        </svg>
        {t('lesson.kind.quiz')}
      </span>
    );
  return (
    <span className="lesson-kind">
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d={
            pdf
              ? 'M6 2h9l5 5v15H6V2zm8 1.5V8h4.5L14 3.5zM8 12v2h8v-2H8zm0 4v2h8v-2H8z'
              : audio
                ? 'M12 3a9 9 0 0 0-9 9v7a2 2 0 0 0 2 2h3v-8H5v-1a7 7 0 0 1 14 0v1h-3v8h3a2 2 0 0 0 2-2v-7a9 9 0 0 0-9-9z'
                : text
                  ? 'M6 2h9l5 5v15H6V2zm2 7v2h8V9H8zm0 4v2h8v-2H8zm0 4v2h5v-2H8z'
                  : 'M8 5v14l11-7L8 5z'
          }
        />
      </svg>
      {t(pdf ? 'lesson.kind.pdf' : text ? 'lesson.kind.text' : audio ? 'lesson.kind.audio' : 'lesson.kind.video')}
      {pdf ? null : ' · '}
      {pdf ? null : text ? t('lesson.readingTime', { minutes: readingMinutes }) : formatDuration(duration)}
    </span>
  );
}
