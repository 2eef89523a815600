import { useCallback } from 'react';
import { preload } from 'react-dom';
import { data, Link, redirect } from 'react-router';
import { isId } from '../../server/lib/ids.ts';
import { getLearnPage } from '../../server/modules/learning/getLearnPage.ts';
import { TopBar } from '../components/TopBar.tsx';
import { ReviewForm } from '../components/ReviewForm.tsx';
import { LazyVideoPlayer } from '../components/player/LazyVideoPlayer.tsx';
import { requireArea } from '../lib/authGuard.ts';
import { formatMegabytes, useDataSaver } from '../lib/dataSaver.ts';
import { formatDuration } from '../lib/format.ts';
import { serverContext } from '../lib/serverContext.ts';
import { useProgressSaver } from '../lib/useProgressSaver.ts';
import type { Route } from './+types/learn';
import '../styles/learn.css';

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: d ? `${d.page.current.title} — ${d.page.course.title} — Darasa` : 'Darasa' }];
}

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireArea(args, 'learn');
  const { courseId, episodeNo } = args.params;
  const order = Number(episodeNo);
  if (!isId(courseId) || !Number.isInteger(order) || order < 1 || order > 10_000) throw data(null, { status: 404 });
  const { services } = serverContext(args.context);
  const result = await getLearnPage(services.database.db, courseId, order, viewer);
  if (result.status === 'not-found') throw data(null, { status: 404 });
  // Not (yet) enrolled: the course page offers the preview and the purchase.
  if (result.status === 'no-access') throw redirect(`/course/${courseId}`);
  return { viewer, page: result.page };
}

export default function Learn({ loaderData }: Route.ComponentProps) {
  const { viewer, page } = loaderData;
  const { course, current, episodes } = page;
  const [dataSaver, setDataSaver] = useDataSaver();
  const { onTime, flush } = useProgressSaver(current.id);
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
    if (lowest) preload(current.source.src.replace(/master\.m3u8$/, `${lowest}/index.m3u8`), { as: 'fetch', crossOrigin: 'anonymous' });
  }
  const cost = (e: (typeof episodes)[number]) => (e.sizes ? formatMegabytes(dataSaver ? e.sizes.saver : e.sizes.full) : null);

  return (
    <>
      <TopBar viewer={viewer} />
      <main className="learn">
        <div className="learn-main">
          <div className="learn-player">
            <LazyVideoPlayer
              key={current.id}
              src={current.source?.src}
              poster={current.source?.poster}
              label={`Episode ${current.order}: ${current.title}`}
              startAt={current.resumeAt}
              onTimeUpdate={onTime}
              onStateChange={onPlayerState}
              tracking={{ courseId: course.id, episodeId: current.id }}
            />
          </div>
          <div className="learn-head">
            <Link to={`/course/${course.id}`} className="back">
              ← {course.title}
            </Link>
            <h1>
              {current.order}. {current.title}
            </h1>
            <p className="learn-meta">
              {formatDuration(current.duration)}
              {cost(current) ? ` • ${cost(current)} at ${dataSaver ? 'data saver' : 'best'} quality` : null}
              {current.resumeAt > 0 ? ` • Resuming at ${formatDuration(current.resumeAt)}` : null}
            </p>
            <nav className="learn-nav" aria-label="Episodes">
              {page.prev ? (
                <Link className="btn btn-ghost" to={`/learn/${course.id}/${page.prev}`}>
                  ← Previous episode
                </Link>
              ) : null}
              {page.next ? (
                <Link className="btn btn-primary" to={`/learn/${course.id}/${page.next}`}>
                  Next episode →
                </Link>
              ) : null}
            </nav>
            {current.description ? <p className="learn-description">{current.description}</p> : null}
            <label className="learn-saver">
              <input type="checkbox" checked={dataSaver} onChange={(e) => setDataSaver(e.currentTarget.checked)} />
              Data saver (up to 360p)
            </label>
          </div>
          {page.review.allowed ? <ReviewForm courseId={course.id} mine={page.review.mine} /> : null}
        </div>
        <aside className="learn-episodes">
          <h2>Episodes</h2>
          <ol>
            {episodes.map((e) => {
              const pct = e.completed ? 100 : e.duration ? Math.min(100, Math.round((e.position / e.duration) * 100)) : 0;
              return (
                <li key={e.id} className={e.id === current.id ? 'current' : undefined}>
                  <Link to={`/learn/${course.id}/${e.order}`} aria-current={e.id === current.id ? 'page' : undefined}>
                    <span className="learn-ep-order">{e.order}</span>
                    <span className="learn-ep-text">
                      <span className="learn-ep-title">{e.title}</span>
                      <span className="learn-ep-meta">
                        {formatDuration(e.duration)}
                        {cost(e) ? ` • ${cost(e)}` : null}
                        {e.completed ? ' • Completed' : pct > 0 ? ` • ${pct}% watched` : null}
                      </span>
                      <span className="learn-ep-bar" aria-hidden="true">
                        <span style={{ width: `${pct}%` }} />
                      </span>
                    </span>
                    {e.completed ? (
                      <span className="learn-ep-done" aria-label="Completed">
                        ✓
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ol>
        </aside>
      </main>
    </>
  );
}
