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
import { sectionGroups } from '#common/learning/sectionGroups.ts';
import type { SectionView } from '#common/studio/sections.ts';
import { SectionHeading } from './lessons/SectionHeading.tsx';

interface Props {
  episodes: readonly EpisodeSummary[];
  onPreview: (episode: EpisodeSummary) => void;
  /** Set when the actor may watch every episode (owner, its creator, an admin): each shows "Play". */
  playHref?: (order: number) => string;
  /** A learner who owns the course may download each episode for offline viewing. */
  downloadable?: boolean;
  /** How many questions each episode has, by id (all the page shows of them; none: absent). */
  questionCounts?: Readonly<Record<string, number>>;
  /** The course's sections (decision 0064); none: one list, as before sections existed. */
  sections?: readonly SectionView[];
  /** Paying in instalments (decision 0068): lessons after this one (by order) stay locked until paid for. */
  openThrough?: number;
}

/**
 * Numbered lessons of any kind: lesson 1 is the free preview, the others stay locked for a visitor. A course
 * with sections lists each under its heading (name, lesson count, length; decision 0064).
 */
export function EpisodeList({ episodes, sections = [], openThrough, playHref, ...item }: Props) {
  const { t } = useT();
  if (episodes.length === 0) return <p className="empty">{t('episodes.none')}</p>;
  const list = (lessons: readonly EpisodeSummary[], nested: boolean) => (
    <ol className="episodes" start={lessons[0]!.order}>
      {lessons.map((e) => (
        <EpisodeItem
          key={e.id}
          e={e}
          nested={nested}
          {...item}
          {...(playHref && (openThrough === undefined || e.order <= openThrough) ? { playHref } : {})}
        />
      ))}
    </ol>
  );
  if (sections.length === 0) return list(episodes, false);
  return (
    <div className="lesson-sections">
      {sectionGroups(episodes, sections).map(({ section, lessons }, i) =>
        section ? (
          <section key={section.id} className="lesson-section" aria-labelledby={`section-${section.id}`}>
            <SectionHeading id={`section-${section.id}`} title={section.title} lessons={lessons} />
            {list(lessons, true)}
          </section>
        ) : i > 0 ? (
          // Lessons without a section placed after a section (decision 0069) get a heading of their own.
          <section key="unsectioned" className="lesson-section" aria-labelledby="section-other">
            <SectionHeading id="section-other" title={t('sections.other')} lessons={lessons} />
            {list(lessons, true)}
          </section>
        ) : (
          <div key="before-sections">{list(lessons, false)}</div>
        ),
      )}
    </div>
  );
}

/** One lesson; its title is a level below its section's heading when it has one. */
function EpisodeItem({
  e,
  nested,
  onPreview,
  playHref,
  downloadable,
  questionCounts = {},
}: Omit<Props, 'episodes' | 'sections' | 'openThrough'> & { e: EpisodeSummary; nested: boolean }) {
  const [dataSaver] = useDataSaver();
  const { t } = useT();
  const Title = nested ? 'h4' : 'h3';
  return (
    <li className="episode">
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
        <Title className="episode-title">
          <span className="sr-only">{t('episodes.srNumber', { order: e.order })}</span>
          {e.title}
        </Title>
        <p className="episode-duration">
          <LessonKind kind={e.kind} duration={e.duration} readingMinutes={e.readingMinutes} />
          {/* Episode 1 of a course not owned plays in the preview dialog; the others on the learning page. */}
          <PlaybackCost sizes={e.sizes} place={!playHref && e.order === 1 ? 'dialog' : 'learn'} />
        </p>
        {questionCounts[e.id] ? (
          <p className="episode-questions">{t('episodes.questions', { count: questionCounts[e.id] })}</p>
        ) : null}
      </div>
      {playHref && downloadable && (e.kind === 'video' || e.kind === 'audio' || e.kind === 'pdf') ? (
        <div className="episode-action episode-actions">
          <Link className="btn btn-light" to={playHref(e.order)} state={PLAY_INTENT}>
            {t('episodes.play')}
          </Link>
          <DownloadButton episodeId={e.id} label={t('episodes.downloadLabel', { order: e.order, title: e.title })} />
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
