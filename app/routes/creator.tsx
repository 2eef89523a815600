import { Link } from 'react-router';
import { loadCreatorDashboard, type Unanswered } from '#app/server/studio.server.ts';
import { ProfileForm } from '../components/studio/ProfileForm.tsx';
import { TopBar } from '../components/TopBar.tsx';
import { CourseStatusBadges } from '../components/studio/CourseStatusBadges.tsx';
import { requireArea } from '#app/server/authGuard.server.ts';
import { useFormat } from '../i18n/useFormat.ts';
import { metaT } from '../i18n/metaText.ts';
import type { Route } from './+types/creator';
import '../styles/studio.css';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.studio.dashboard') }) }];
}

export async function loader(args: Route.LoaderArgs) {
  const actor = requireArea(args, 'creator');
  return { actor, ...(await loadCreatorDashboard(args)) };
}

export default function CreatorDashboard({ loaderData }: Route.ComponentProps) {
  const { t, kes, price: formatPrice } = useFormat();
  const { actor, dashboard, unanswered } = loaderData;
  const { totals, courses } = dashboard;
  return (
    <>
      <TopBar actor={actor} />
      <main className="studio">
        <div className="studio-head">
          <h1>{t('studio.dashboard.title')}</h1>
          <div className="form-actions">
            <Link to="/creator/earnings" className="btn btn-light">
              {t('studio.earnings.title')}
            </Link>
            <Link to="/creator/bundles" className="btn btn-light">
              {t('studio.bundles.title')}
            </Link>
            <Link to="/creator/course/new" className="btn btn-primary">
              {t('studio.dashboard.newCourse')}
            </Link>
          </div>
        </div>
        <p className="studio-welcome">{t('studio.dashboard.welcome', { name: actor.name })}</p>
        <dl className="studio-totals">
          <div>
            <dt>{t('studio.dashboard.courses')}</dt>
            <dd>{totals.courses}</dd>
          </div>
          <div>
            <dt>{t('studio.dashboard.published')}</dt>
            <dd>{totals.published}</dd>
          </div>
          <div>
            <dt>{t('studio.dashboard.students')}</dt>
            <dd>{totals.students}</dd>
          </div>
          <div>
            <dt>{t('studio.dashboard.revenue')}</dt>
            <dd>{kes(totals.revenue)}</dd>
          </div>
        </dl>
        <p className="studio-totals-note">{t('studio.dashboard.studentsNote')}</p>
        <h2>{t('studio.dashboard.yourCourses')}</h2>
        {courses.length === 0 ? (
          <p className="empty-hint">
            {t('studio.dashboard.empty')} <Link to="/creator/course/new">{t('studio.dashboard.createFirst')}</Link>.
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
                    {formatPrice(c.price)} · {t('course.episodes', { count: c.lessonsCount })} ·{' '}
                    {t('course.students', { count: c.enrolledCount })}
                  </p>
                  <UnansweredLink courseId={c.id} waiting={unanswered[c.id]} />
                  <div className="studio-course-actions">
                    <Link to={`/creator/course/${c.id}`} className="btn btn-light btn-small">
                      {t('studio.course.edit')}
                    </Link>
                    <Link to={`/creator/course/${c.id}/analytics`} className="btn btn-ghost btn-small">
                      {t('studio.dashboard.viewAnalytics')}
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

/** The in-app notice of questions waiting for the creator's answer: a link to the first episode with one. */
function UnansweredLink({ courseId, waiting }: { courseId: string; waiting: Unanswered | undefined }) {
  const { t } = useFormat();
  if (!waiting) return null;
  return (
    <Link className="studio-unanswered" to={`/learn/${courseId}/${waiting.episode}#questions`}>
      {t('studio.dashboard.unanswered', { count: waiting.count })}
    </Link>
  );
}
