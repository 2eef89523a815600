import { useEffect } from 'react';
import { Link, useLocation, useRevalidator } from 'react-router';
import { throwNotFoundPage } from '#app/server/context.server.ts';
import { loadCourseForEditor } from '#app/server/studio.server.ts';
import { CourseForm } from '../components/studio/CourseForm.tsx';
import { CouponManager } from '../components/studio/CouponManager.tsx';
import { AffiliateSettings } from '../components/studio/AffiliateSettings.tsx';
import { AnnouncementForm } from '../components/studio/AnnouncementForm.tsx';
import { EpisodeManager } from '../components/studio/EpisodeManager.tsx';
import { isPending } from '../components/studio/useAssetPolling.ts';
import { TopBar } from '../components/TopBar.tsx';
import { requireArea } from '#app/server/authGuard.server.ts';
import { metaT } from '../i18n/metaText.ts';
import { useT } from '../i18n/useT.ts';
import type { Route } from './+types/creatorCourse';
import '../styles/studio.css';

export function meta({ loaderData: d, matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const title = d?.course ? t('meta.studio.editCourse', { title: d.course.title }) : t('meta.studio.newCourse');
  return [{ title: t('meta.pageTitle', { title }) }, { name: 'robots', content: 'noindex' }];
}

export async function loader(args: Route.LoaderArgs) {
  const actor = requireArea(args, 'creator');
  if (args.params.courseId === 'new') return { actor, course: null };
  try {
    return { actor, course: await loadCourseForEditor(args) };
  } catch (err) {
    // Someone else's course (or none): the same not-found page either way.
    throwNotFoundPage(err);
  }
}

const REFRESH_MS = 5000;

export default function CreatorCourse({ loaderData }: Route.ComponentProps) {
  const { course, actor } = loaderData;
  const { t } = useT();
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
      <TopBar actor={actor} />
      <main className="studio">
        <Link to="/creator" className="back">
          ← {t('studio.dashboard.title')}
        </Link>
        <h1>{course ? t('studio.course.edit') : t('studio.course.new')}</h1>
        {course ? (
          <p className="studio-status">
            {course.published ? (
              <span className="badge published">{t('studio.status.published')}</span>
            ) : (
              <span className="badge draft">{t('studio.status.draft')}</span>
            )}
            {course.published ? (
              <Link to={`/course/${course.id}`} className="studio-view-link">
                {t('studio.course.viewPage')}
              </Link>
            ) : null}
          </p>
        ) : null}
        <CourseForm
          key={course?.id ?? 'new'}
          course={course}
          initialFlash={flash ? { kind: 'success', text: flash } : null}
        />
        {course ? <EpisodeManager course={course} /> : <p className="empty-hint">{t('studio.course.saveFirst')}</p>}
        {course ? <CouponManager courseId={course.id} /> : null}
        {course ? <AffiliateSettings courseId={course.id} /> : null}
        {course ? <AnnouncementForm courseId={course.id} /> : null}
      </main>
    </>
  );
}
