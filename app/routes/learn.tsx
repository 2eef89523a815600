import { useCallback, useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { loadLearnPage } from '#app/server/learning.server.ts';
import { TopBar } from '../components/TopBar.tsx';
import { ReviewForm } from '../components/ReviewForm.tsx';
import { AnnouncementsToggle } from '../components/announcements/AnnouncementsToggle.tsx';
import { DownloadButton } from '../components/offline/DownloadButton.tsx';
import { LazyVideoPlayer } from '../components/player/LazyVideoPlayer.tsx';
import { useDataSaver } from '../lib/dataSaver.ts';
import { PlaybackCost } from '../components/PlaybackCost.tsx';
import { formatDuration } from '../lib/format.ts';
import { forgetIntent, PLAY_INTENT, wantsAutoplay } from '../lib/playIntent.ts';
import { CertificateLinks } from '../components/certificates/CertificateLinks.tsx';
import { useProgressSaver } from '../lib/useProgressSaver.ts';
import { NotesPanel } from '../components/notes/NotesPanel.tsx';
import { QuestionsPanel } from '../components/questions/QuestionsPanel.tsx';
import { LessonKind } from '../components/lessons/LessonKind.tsx';
import { SectionHeading } from '../components/lessons/SectionHeading.tsx';
import { sectionGroups } from '#common/learning/sectionGroups.ts';
import { TextLesson } from '../components/lessons/TextLesson.tsx';
import { PdfLesson } from '../components/lessons/PdfLesson.tsx';
import { LessonResources } from '../components/lessons/LessonResources.tsx';
import { QuizLesson } from '../components/lessons/QuizLesson.tsx';
import type { PlayerHandle } from '../components/player/VideoPlayer.tsx';
import type { Route } from './+types/learn';
import { useT } from '#app/i18n/useT.ts';
import { InstalmentPanel } from '../components/purchase/InstalmentPanel.tsx';
import '../styles/learn.css';

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: d ? `${d.page.current.title} — ${d.page.course.title} — Darasa` : 'Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return loadLearnPage(args);
}

export default function Learn({ loaderData }: Route.ComponentProps) {
  const { actor, page, certificateCode, questions, quiz } = loaderData;
  const { course, current, episodes } = page;
  const [dataSaver, setDataSaver] = useDataSaver();
  const { t } = useT();
  // Arriving from "Play" (or the next/previous episode) starts the video: that click was the gesture.
  const { state } = useLocation();
  const autoPlay = wantsAutoplay(state);
  useEffect(() => forgetIntent(state), [state]);
  // A note's time in another episode opens it there (router state, like the play intent).
  const noteStart = (state as { startAt?: unknown } | null)?.startAt;
  const startAt = typeof noteStart === 'number' && noteStart >= 0 ? noteStart : current.resumeAt;
  const navigate = useNavigate();
  // The whole course is the learner's (this page needs access to all of it): the next episode follows on.
  const nextEpisode = page.next === null ? undefined : episodes.find((e) => e.order === page.next);
  // A lesson not paid for yet (instalments, decision 0068) is not "next": its page would send the learner away.
  const nextPath = nextEpisode && !nextEpisode.locked ? `/learn/${course.id}/${nextEpisode.order}` : null;
  const playNext = useCallback(() => {
    if (nextPath) void navigate(nextPath, { state: PLAY_INTENT });
  }, [navigate, nextPath]);
  const { onTime: saveProgress, flush } = useProgressSaver(current.id);
  const pdf = current.kind === 'pdf';
  const text = current.kind === 'text';
  // A quiz lesson (decision 0058): the quiz in place of the player.
  const isQuiz = current.kind === 'quiz';
  // Lessons without a video: no player, data saver or notes (notes are kept at a moment of a video).
  const noVideo = text || pdf || isQuiz;
  // An audio lesson (decision 0069): the player's control bar alone under the title, notes at its moments.
  const audio = current.kind === 'audio';
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const onQuizScored = useCallback(() => void revalidate.current(), []);
  // "Next" at the end of a lesson read or answered, as in the header.
  const nextLink = nextPath ? (
    <Link className="btn btn-primary" to={nextPath} state={PLAY_INTENT}>
      {t('learn.next')}
    </Link>
  ) : null;
  const player = useRef<PlayerHandle>(null);
  // Where this episode's video is, for a note written now (the page stays mounted from episode to episode).
  const position = useRef({ episodeId: current.id, seconds: startAt });
  const onTime = useCallback(
    (seconds: number) => {
      position.current = { episodeId: current.id, seconds };
      saveProgress(seconds);
    },
    [saveProgress, current.id],
  );
  // Once this episode has played, the video's own moment (timeupdates lag by up to a quarter second).
  const positionNow = () =>
    position.current.episodeId === current.id ? (player.current?.currentTime() ?? position.current.seconds) : startAt;
  const onPlayerState = useCallback(
    (s: string) => {
      if (s === 'paused') flush();
    },
    [flush],
  );
  // The page exists to play this video: its playlists (a few hundred bytes) load with the page, saving
  // two round trips between Play and the first frame on a slow network.
  if (current.source) {
    const lowest = current.sizes?.renditions[0]?.name;
    preload(current.source.src, { as: 'fetch', crossOrigin: 'anonymous' });
    if (lowest)
      preload(current.source.src.replace(/master\.m3u8$/, `${lowest}/index.m3u8`), {
        as: 'fetch',
        crossOrigin: 'anonymous',
      });
  }

  /** The player of this lesson's video, or of its recording (`audio`: no picture). */
  const playerOf = (audio: boolean) => (
    <LazyVideoPlayer
      key={current.id}
      src={current.source?.src}
      poster={audio ? undefined : current.source?.poster}
      captions={current.source?.captions}
      label={t('learn.playerLabel', { order: current.order, title: current.title })}
      startAt={startAt}
      autoPlay={autoPlay}
      ref={player}
      onTimeUpdate={onTime}
      onStateChange={onPlayerState}
      tracking={{ courseId: course.id, episodeId: current.id }}
      upNext={nextEpisode ? { title: nextEpisode.title, play: playNext } : undefined}
      audio={audio}
    />
  );

  /** One lesson of the list beside the lesson: its order, title, kind and length, and how far it was seen. */
  const lessonLink = (e: (typeof episodes)[number]) => {
    const pct = e.completed ? 100 : e.duration ? Math.min(100, Math.round((e.position / e.duration) * 100)) : 0;
    if (e.locked)
      return (
        <li key={e.id} className="learn-ep-locked">
          <span className="learn-ep-order">{e.order}</span>
          <span className="learn-ep-text">
            <span className="learn-ep-title">{e.title}</span>
            <span className="learn-ep-meta">{t('instalments.lessonLocked')}</span>
          </span>
        </li>
      );
    return (
      <li key={e.id} className={e.id === current.id ? 'current' : undefined}>
        <Link
          to={`/learn/${course.id}/${e.order}`}
          state={PLAY_INTENT}
          aria-current={e.id === current.id ? 'page' : undefined}
        >
          <span className="learn-ep-order">{e.order}</span>
          <span className="learn-ep-text">
            <span className="learn-ep-title">{e.title}</span>
            <span className="learn-ep-meta">
              <LessonKind kind={e.kind} duration={e.duration} readingMinutes={e.readingMinutes} />
              <PlaybackCost sizes={e.sizes} place="learn" compact />
              {e.completed ? ` • ${t('learn.completed')}` : pct > 0 ? ` • ${t('learn.watched', { pct })}` : null}
            </span>
            <span className="learn-ep-bar" aria-hidden="true">
              <span style={{ width: `${pct}%` }} />
            </span>
          </span>
          {e.completed ? (
            // The link's text already says "Completed": the mark is for the eye only.
            <span className="learn-ep-done" aria-hidden="true">
              ✓
            </span>
          ) : null}
        </Link>
      </li>
    );
  };

  return (
    <>
      <TopBar actor={actor} />
      <main className="learn">
        <div className="learn-main">
          {noVideo || audio ? null : <div className="learn-player">{playerOf(false)}</div>}
          <div className="learn-head">
            <Link to={`/course/${course.id}`} className="back">
              ← {course.title}
            </Link>
            <h1>
              {current.order}. {current.title}
            </h1>
            <p className="learn-meta">
              {pdf
                ? t('lesson.kind.pdf')
                : text
                  ? t('lesson.readingTime', { minutes: current.readingMinutes })
                  : isQuiz
                    ? t('lesson.kind.quiz')
                    : audio
                      ? `${t('lesson.kind.audio')} · ${formatDuration(current.duration)}`
                      : formatDuration(current.duration)}
              <PlaybackCost sizes={current.sizes} place="learn" />
              {current.resumeAt > 0 ? ` • ${t('learn.resuming', { time: formatDuration(current.resumeAt) })}` : null}
            </p>
            <nav className="learn-nav" aria-label={t('course.episodesTitle')}>
              {page.prev ? (
                <Link className="btn btn-ghost" to={`/learn/${course.id}/${page.prev}`} state={PLAY_INTENT}>
                  {t('learn.previous')}
                </Link>
              ) : null}
              {nextPath ? (
                <Link className="btn btn-primary" to={nextPath} state={PLAY_INTENT}>
                  {t('learn.next')}
                </Link>
              ) : null}
            </nav>
            {/* A learner who owns the course (the same actors who may review it) may download episodes: a video,
                a PDF, or a lesson's resources (decision 0064). */}
            {page.review.allowed && (current.source || current.pdf || current.resources.length) ? (
              <div className="learn-download">
                <DownloadButton
                  episodeId={current.id}
                  label={t('episodes.downloadLabel', { order: current.order, title: current.title })}
                />
              </div>
            ) : null}
            {audio ? <div className="learn-audio">{playerOf(true)}</div> : null}
            {current.description ? <p className="learn-description">{current.description}</p> : null}
            {pdf ? (
              <PdfLesson
                key={current.id}
                episodeId={current.id}
                title={current.title}
                size={current.pdf?.size ?? null}
                completed={current.completed}
                onDone={() => saveProgress(0)}
              />
            ) : null}
            {text ? (
              <TextLesson
                key={current.id}
                html={current.html}
                label={t('learn.textLabel', { order: current.order, title: current.title })}
                completed={current.completed}
                onRead={() => saveProgress(0)}
                next={nextLink}
              />
            ) : null}
            {isQuiz && quiz ? (
              <QuizLesson key={current.id} quiz={quiz} onScored={onQuizScored} next={nextLink} />
            ) : null}
            {/* Data saver is a video setting. */}
            {noVideo || audio ? null : (
              <label className="learn-saver">
                <input type="checkbox" checked={dataSaver} onChange={(e) => setDataSaver(e.currentTarget.checked)} />
                {t('player.dataSaver')}
              </label>
            )}
          </div>
          <LessonResources key={`resources-${current.id}`} episodeId={current.id} resources={current.resources} />
          {certificateCode ? (
            <section className="learn-certificate" aria-labelledby="certificate-h">
              <h2 id="certificate-h">{t('learn.completedCourse')}</h2>
              <CertificateLinks code={certificateCode} courseTitle={course.title} />
            </section>
          ) : null}
          {/* Notes are kept at a moment of a video or a recording. */}
          {noVideo ? null : (
            <NotesPanel
              key={current.id}
              courseId={course.id}
              current={current}
              episodes={episodes}
              notes={page.notes}
              positionNow={positionNow}
              player={player}
            />
          )}
          <QuestionsPanel
            key={`questions-${current.id}`}
            episodeId={current.id}
            questions={questions}
            positionNow={noVideo ? undefined : positionNow}
            player={player}
          />
          {page.review.allowed ? <ReviewForm courseId={course.id} mine={page.review.mine} /> : null}
          <AnnouncementsToggle courseId={course.id} />
        </div>
        <aside className="learn-episodes">
          {page.instalments ? (
            <InstalmentPanel
              course={{
                id: course.id,
                title: course.title,
                price: page.instalments.amounts.reduce((a, b) => a + b, 0),
              }}
              progress={page.instalments}
              phone={loaderData.phone}
              whileDue
            />
          ) : null}
          <h2>{t('course.episodesTitle')}</h2>
          {page.sections.length === 0 ? (
            <ol>{episodes.map(lessonLink)}</ol>
          ) : (
            sectionGroups(episodes, page.sections).map(({ section, lessons }, i) =>
              section ? (
                <section key={section.id} className="learn-section" aria-labelledby={`learn-section-${section.id}`}>
                  <SectionHeading id={`learn-section-${section.id}`} title={section.title} lessons={lessons} />
                  <ol start={lessons[0]!.order}>{lessons.map(lessonLink)}</ol>
                </section>
              ) : i > 0 ? (
                // Lessons without a section placed after a section (decision 0069): a heading of their own,
                // so they do not read as the end of the section above.
                <section key="unsectioned" className="learn-section" aria-labelledby="learn-section-other">
                  <SectionHeading id="learn-section-other" title={t('sections.other')} lessons={lessons} />
                  <ol start={lessons[0]!.order}>{lessons.map(lessonLink)}</ol>
                </section>
              ) : (
                <ol key="before-sections">{lessons.map(lessonLink)}</ol>
              ),
            )
          )}
        </aside>
      </main>
    </>
  );
}
