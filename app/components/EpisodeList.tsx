import type { EpisodeSummary } from '#app/server/catalog.server.ts';
import { PLAY_INTENT } from '#app/lib/playIntent.ts';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useDataSaver } from '../lib/dataSaver.ts';
import { PlaybackCost } from './PlaybackCost.tsx';
import { LessonKind } from './lessons/LessonKind.tsx';
import { warmUpVideo } from './player/LazyVideoPlayer.tsx';
import { useWarmUpOnView } from './player/useWarmUpOnView.ts';
import { DownloadButton } from './offline/DownloadButton.tsx';
import { useT } from '#app/i18n/useT.ts';
import { lessonPdfUrl } from '#common/learning/lessonFileUrls.ts';

interface Props {
  episodes: readonly EpisodeSummary[];
  onPreview: (episode: EpisodeSummary) => void;
  /** Set when the actor may watch every episode (owner, its creator, an admin): each shows "Play". */
  playHref?: (order: number) => string;
  /** A learner who owns the course may download each episode for offline viewing. */
  downloadable?: boolean;
  /** How many questions each episode has, by id (all the page shows of them; none: absent). */
  questionCounts?: Readonly<Record<string, number>>;
}

/** Numbered lessons of any kind: lesson 1 is the free preview, the others stay locked for a visitor. */
export function EpisodeList({ episodes, onPreview, playHref, downloadable, questionCounts = {} }: Props) {
  const [dataSaver] = useDataSaver();
  const { t } = useT();
  if (episodes.length === 0) return <p className="empty">{t('episodes.none')}</p>;
  return (
    <ol className="episodes">
      {episodes.map((e) => (
        <li key={e.id} className="episode">
          <span className="episode-no" aria-hidden="true">
            {e.order}
          </span>
          <div className="episode-thumb">
            {e.thumbnail ? (
              <img
                src={e.thumbnail.src}
                srcSet={e.thumbnail.srcSet}
                sizes="160px"
                width={320}
                height={180}
                loading="lazy"
                decoding="async"
                alt=""
              />
            ) : null}
          </div>
          <div className="episode-text">
            <h3 className="episode-title">
              <span className="sr-only">{t('episodes.srNumber', { order: e.order })}</span>
              {e.title}
            </h3>
            <p className="episode-duration">
              <LessonKind kind={e.kind} duration={e.duration} readingMinutes={e.readingMinutes} />
              {/* Episode 1 of a course not owned plays in the preview dialog; the others on the learning page. */}
              <PlaybackCost sizes={e.sizes} place={!playHref && e.order === 1 ? 'dialog' : 'learn'} />
            </p>
            {questionCounts[e.id] ? (
              <p className="episode-questions">{t('episodes.questions', { count: questionCounts[e.id] })}</p>
            ) : null}
          </div>
          {playHref && downloadable && e.kind !== 'text' ? (
            <div className="episode-action episode-actions">
              <Link className="btn btn-light" to={playHref(e.order)} state={PLAY_INTENT}>
                {t('episodes.play')}
              </Link>
              <DownloadButton
                episodeId={e.id}
                label={t('episodes.downloadLabel', { order: e.order, title: e.title })}
              />
            </div>
          ) : playHref ? (
            <Link className="btn btn-light episode-action" to={playHref(e.order)} state={PLAY_INTENT}>
              {t(e.kind === 'text' ? 'episodes.read' : e.kind === 'pdf' ? 'lesson.pdf.open' : 'episodes.play')}
            </Link>
          ) : e.order === 1 && e.kind === 'pdf' ? (
            // A free PDF lesson opens in the browser's own viewer (decision 0060).
            <a className="btn btn-light episode-action" href={lessonPdfUrl(e.id)} target="_blank" rel="noopener">
              {t('lesson.pdf.open')}
            </a>
          ) : e.order === 1 ? (
            <PreviewButton src={e.video?.src} warmUp={!dataSaver} onPress={() => onPreview(e)} />
          ) : (
            <span className="episode-action locked">
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M17 9V7A5 5 0 0 0 7 7v2H5v13h14V9h-2zM9 7a3 3 0 0 1 6 0v2H9V7z" />
              </svg>
              {t('episodes.locked')}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** "Preview" for episode 1: the video's first frame is fetched ahead once the button is seen or pointed at. */
function PreviewButton({ src, warmUp, onPress }: { src: string | undefined; warmUp: boolean; onPress: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useWarmUpOnView(button, src, warmUp);
  const intent = () => warmUpVideo(src);
  const { t } = useT();
  return (
    <button
      ref={button}
      type="button"
      className="btn btn-light episode-action"
      onClick={onPress}
      onPointerEnter={intent}
      onTouchStart={intent}
      onFocus={intent}
    >
      {t('episodes.preview')}
    </button>
  );
}
