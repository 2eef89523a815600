import { useEffect } from 'react';
import { Link, data, useLocation, useRevalidator } from 'react-router';
import { AppError } from '../../server/http/errors.ts';
import { getCourseForEditor } from '../../server/modules/studio/getCourseForEditor.ts';
import { CourseForm } from '../components/studio/CourseForm.tsx';
import { EpisodeManager } from '../components/studio/EpisodeManager.tsx';
import { isPending } from '../components/studio/useAssetPolling.ts';
import { TopBar } from '../components/TopBar.tsx';
import { requireArea } from '../lib/authGuard.ts';
import { serverContext } from '../lib/serverContext.ts';
import type { Route } from './+types/creatorCourse';
import '../styles/studio.css';

export function meta({ loaderData: d }: Route.MetaArgs) {
  return [{ title: `${d?.course ? `Edit ${d.course.title}` : 'New Course'} — Darasa` }, { name: 'robots', content: 'noindex' }];
}

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireArea(args, 'creator');
  const { courseId } = args.params;
  if (courseId === 'new') return { viewer, course: null };
  const { services } = serverContext(args.context);
  try {
    return { viewer, course: await getCourseForEditor(services.database.db, viewer, courseId) };
  } catch (err) {
    // Someone else's course (or none): the same not-found page either way.
    if (err instanceof AppError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

const REFRESH_MS = 5000;

export default function CreatorCourse({ loaderData }: Route.ComponentProps) {
  const { course, viewer } = loaderData;
  const location = useLocation();
  const revalidator = useRevalidator();
  const flash = (location.state as { flash?: string } | null)?.flash;
  const waiting = !!course?.episodes.some((e) => isPending(e.video));

  // Episode videos are processed in the background: refresh their state until none is pending.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void revalidator.revalidate(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  return (
    <>
      <TopBar viewer={viewer} />
      <main className="studio">
        <Link to="/creator" className="back">
          ← Creator Dashboard
        </Link>
        <h1>{course ? 'Edit Course' : 'New Course'}</h1>
        {course ? (
          <p className="studio-status">
            {course.published ? <span className="badge published">Published</span> : <span className="badge draft">Draft</span>}
            {course.published ? (
              <Link to={`/course/${course.id}`} className="studio-view-link">
                View course page
              </Link>
            ) : null}
          </p>
        ) : null}
        <CourseForm key={course?.id ?? 'new'} course={course} initialFlash={flash ? { kind: 'success', text: flash } : null} />
        {course ? (
          <EpisodeManager course={course} />
        ) : (
          <p className="empty-hint">Save the course to add episodes.</p>
        )}
      </main>
    </>
  );
}
