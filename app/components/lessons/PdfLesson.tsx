import '#app/styles/lessonFiles.css';
import { useState } from 'react';
import { useT } from '#app/i18n/useT.ts';
import { formatFileSize } from '#common/learning/fileSize.ts';
import { lessonPdfUrl } from '#common/learning/lessonFileUrls.ts';

interface Props {
  episodeId: string;
  title: string;
  /** The PDF's size in bytes; null when the lesson has no file (yet). */
  size: number | null;
  completed: boolean;
  /** Saves the lesson as done (the learning page's progress saver: queued on the device when offline). */
  onDone(): void;
}

/**
 * A PDF lesson on the learning page, in place of the player (decision 0060): the handout's title and size,
 * "Open" (the browser's own viewer, in a new tab) and "Download". Opening or downloading completes the
 * lesson (the server records it too, when the file is fetched), as does "Mark as complete".
 */
export function PdfLesson({ episodeId, title, size, completed, onDone }: Props) {
  const { t } = useT();
  const [done, setDone] = useState(completed);
  const finish = () => {
    if (done) return;
    setDone(true);
    onDone();
  };
  if (size === null) return <p className="pdf-lesson pdf-lesson-missing">{t('lesson.pdf.missing')}</p>;
  return (
    <section className="pdf-lesson" aria-label={t('lesson.pdf.label', { title })}>
      <div className="pdf-lesson-file">
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M6 2h9l5 5v15H6V2zm8 1.5V8h4.5L14 3.5zM8 12v2h8v-2H8zm0 4v2h8v-2H8z" />
        </svg>
        <div>
          <p className="pdf-lesson-title">{title}</p>
          <p className="pdf-lesson-size">
            {t('lesson.fileType.pdf')} · {formatFileSize(size)}
          </p>
        </div>
      </div>
      <div className="pdf-lesson-actions">
        <a className="btn btn-primary" href={lessonPdfUrl(episodeId)} target="_blank" rel="noopener" onClick={finish}>
          {t('lesson.pdf.open')}
          <span className="sr-only"> {t('lesson.pdf.newTab')}</span>
        </a>
        <a className="btn btn-light" href={lessonPdfUrl(episodeId, true)} download onClick={finish}>
          {t('lesson.pdf.download')}
        </a>
      </div>
      <div className="text-lesson-end">
        {done ? (
          <p className="text-lesson-done" role="status">
            ✓ {t('learn.completed')}
          </p>
        ) : (
          <button type="button" className="btn btn-ghost" onClick={finish}>
            {t('learn.markComplete')}
          </button>
        )}
      </div>
    </section>
  );
}
