import type { DashboardCourse } from '#app/server/studio.server.ts';

/** Draft or published, and whether its media is still processing or failed. */
export function CourseStatusBadges({
  course,
}: {
  course: Pick<DashboardCourse, 'published' | 'processing' | 'failed'>;
}) {
  return (
    <p className="studio-badges">
      {course.published ? (
        <span className="badge published">Published</span>
      ) : (
        <span className="badge draft">Draft</span>
      )}
      {course.processing ? <span className="badge processing">Media processing</span> : null}
      {course.failed ? <span className="badge failed">Media failed</span> : null}
    </p>
  );
}
