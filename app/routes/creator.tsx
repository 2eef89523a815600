import { Link } from 'react-router';
import { getCreatorDashboard, getCreatorProfile } from '#app/server/studio.server.ts';
import { ProfileForm } from '../components/studio/ProfileForm.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { CourseStatusBadges } from '../components/studio/CourseStatusBadges.tsx';
import { requireArea } from '#app/server/authGuard.server.ts';
import { useFormat } from '../i18n/useFormat.ts';
import { formatKes } from '../lib/format.ts';
import { serverContext } from '#app/server/context.server.ts';
import type { Route } from './+types/creator';
import '../styles/studio.css';

export function meta() {
  return [{ title: 'Creator Dashboard — Darasa' }];
}

export async function loader(args: Route.LoaderArgs) {
  const actor = requireArea(args, 'creator');
  const { services } = serverContext(args.context);
  const [dashboard, profile] = await Promise.all([
    getCreatorDashboard(services, actor),
    getCreatorProfile(services, actor),
  ]);
  return { actor, dashboard, profile };
}

export default function CreatorDashboard({ loaderData }: Route.ComponentProps) {
  const { price: formatPrice } = useFormat();
  const { actor, dashboard } = loaderData;
  const { totals, courses } = dashboard;
  return (
    <>
      <TopBar actor={actor} />
      <main className="studio">
        <div className="studio-head">
          <h1>Creator Dashboard</h1>
          <div className="form-actions">
            <Link to="/creator/earnings" className="btn btn-light">
              Earnings
            </Link>
            <Link to="/creator/course/new" className="btn btn-primary">
              + New Course
            </Link>
          </div>
        </div>
        <p className="studio-welcome">Welcome, {actor.name}.</p>
        <dl className="studio-totals">
          <div>
            <dt>Courses</dt>
            <dd>{totals.courses}</dd>
          </div>
          <div>
            <dt>Published</dt>
            <dd>{totals.published}</dd>
          </div>
          <div>
            <dt>Students</dt>
            <dd>{totals.students}</dd>
          </div>
          <div>
            <dt>Revenue</dt>
            <dd>{formatKes(totals.revenue)}</dd>
          </div>
        </dl>
        <h2>Your courses</h2>
        {courses.length === 0 ? (
          <p className="empty-hint">
            You have no courses yet. <Link to="/creator/course/new">Create your first course</Link>.
          </p>
        ) : (
          <ul className="studio-courses">
            {courses.map((c) => (
              <li key={c.id} className="studio-course">
                {c.thumbnail ? (
                  <img
                    src={c.thumbnail.src}
                    srcSet={c.thumbnail.srcSet}
                    sizes="160px"
                    alt=""
                    width={160}
                    height={90}
                    loading="lazy"
                  />
                ) : (
                  <div className="studio-course-noimg" aria-hidden="true" />
                )}
                <div className="studio-course-body">
                  <h3>{c.title}</h3>
                  <CourseStatusBadges course={c} />
                  <p className="studio-course-meta">
                    {formatPrice(c.price)} · {c.lessonsCount} {c.lessonsCount === 1 ? 'episode' : 'episodes'} ·{' '}
                    {c.enrolledCount} {c.enrolledCount === 1 ? 'student' : 'students'}
                  </p>
                  <div className="studio-course-actions">
                    <Link to={`/creator/course/${c.id}`} className="btn btn-light btn-small">
                      Edit Course
                    </Link>
                    <Link to={`/creator/course/${c.id}/analytics`} className="btn btn-ghost btn-small">
                      View Analytics
                    </Link>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
        <ProfileForm profile={loaderData.profile} />
      </main>
    </>
  );
}
