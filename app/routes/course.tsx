import { Link, data } from 'react-router';
import { getCoursePage } from '../../server/modules/catalog/getCoursePage.ts';
import { isId } from '../../server/lib/ids.ts';
import { TopBar } from '../components/TopBar.tsx';
import { formatDuration, formatKes } from '../lib/format.ts';
import { serverContext } from '../lib/serverContext.ts';
import type { Route } from './+types/course';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, viewer } = serverContext(context);
  const course = isId(params.courseId)
    ? await getCoursePage(services.database.db, params.courseId, viewer)
    : null;
  if (!course) throw data(null, { status: 404 });
  return { course, publicUrl: services.config.publicUrl };
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course } = loaderData;
  return (
    <>
      <TopBar />
      <main className="course">
        <Link to="/" className="back">
          ← Back
        </Link>
        <h1>{course.title}</h1>
        <p>{course.description}</p>
        <p>{course.creatorName}</p>
        <p>{course.rating == null ? 'New' : `★ ${course.rating.toFixed(1)}`}</p>
        <p className="price">{formatKes(course.price)}</p>
        <p>One-time payment • Lifetime access</p>
        <Link className="btn btn-primary" to={`/register?redirectTo=${encodeURIComponent(`/course/${course.id}`)}`}>
          Purchase Course
        </Link>
        {course.episodes.length === 0 ? (
          <p>No episodes available yet</p>
        ) : (
          <ol className="episodes">
            {course.episodes.map((e) => (
              <li key={e.id}>
                <span>{e.order}</span> {e.title} <span>{formatDuration(e.duration)}</span>{' '}
                {e.order === 1 ? <button type="button">Preview</button> : <span>Locked</span>}
              </li>
            ))}
          </ol>
        )}
      </main>
    </>
  );
}
