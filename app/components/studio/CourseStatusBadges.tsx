import { useT } from '#app/i18n/useT.ts';
import type { DashboardCourse } from '#app/server/studio.server.ts';

/** Draft or published, and whether its media is still processing or failed. */
export function CourseStatusBadges({
  course,
}: {
  course: Pick<DashboardCourse, 'published' | 'processing' | 'failed'>;
}) {
  const { t } = useT();
  return (
    <p className="studio-badges">
      {course.published ? (
        <span className="badge published">{t('studio.status.published')}</span>
      ) : (
        <span className="badge draft">{t('studio.status.draft')}</span>
      )}
      {course.processing ? <span className="badge processing">{t('studio.status.processing')}</span> : null}
      {course.failed ? <span className="badge failed">{t('studio.status.failed')}</span> : null}
    </p>
  );
}
