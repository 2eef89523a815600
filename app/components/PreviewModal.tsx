import { useT } from '#app/i18n/useT.ts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { EpisodeSummary } from '#app/server/catalog.server.ts';
import { LazyVideoPlayer } from './player/LazyVideoPlayer.tsx';
import { LessonText } from './lessons/LessonText.tsx';

interface Props {
  courseId: string;
  /** A free course is joined, not bought: its link says so (docs/product.md). */
  price: number;
  episode: EpisodeSummary;
  purchaseTo: string;
  onClose: () => void;
}

/**
 * The free preview of lesson 1, whatever its kind: its video, or its text read in place. A native modal <dialog>: the page behind is inert (focus stays inside),
 * Escape closes it, and focus returns to the button that opened it.
 */
export function PreviewModal({ courseId, price, episode, purchaseTo, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { t } = useT();
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="preview-title" onClose={onClose}>
      <h2 id="preview-title" className="modal-title">
        {t('preview.heading', { order: episode.order, title: episode.title })}
      </h2>
      {episode.text === null ? (
        <LazyVideoPlayer
          src={episode.video?.src}
          poster={episode.kind === 'audio' ? undefined : episode.video?.poster}
          captions={episode.video?.captions}
          audio={episode.kind === 'audio'}
          label={t('preview.label', { title: episode.title })}
          autoPlay
          tracking={{ courseId, episodeId: episode.id, start: 'preview_view' }}
        />
      ) : (
        <LessonText html={episode.text} label={t('preview.label', { title: episode.title })} />
      )}
      <div className="modal-actions">
        <Link className="btn btn-primary" to={purchaseTo}>
          {price === 0 ? t('purchase.enrollFree') : t('preview.buyFull')}
        </Link>
        <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
          {t('preview.close')}
        </button>
      </div>
    </dialog>
  );
}
