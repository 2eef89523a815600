import { Link } from 'react-router';
import { listReportedReviews, moderateReview, reviewQueueQuery } from '#app/server/reviews.server.ts';
import { reviewAction } from '#common/reviews/reviewSchemas.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { field, intentOf, loadList, runAction } from '#app/server/adminPages.server.ts';
import type { Route } from './+types/adminReviews';

export function meta() {
  return [{ title: 'Reviews — Admin — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, reviewQueueQuery, (s, q) => listReportedReviews(s.database.db, q));
}

const DONE = { hide: 'Hidden.', restore: 'Restored.' } as const;

export function action(args: Route.ActionArgs) {
  return runAction(args, async (services, actor, form) => {
    const intent = intentOf(form, reviewAction);
    await moderateReview(services, actor, { reviewId: field(form, 'id'), action: intent });
    return DONE[intent];
  });
}

/** The moderation queue: reported reviews (and hidden ones, to restore), most reported first. */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  return (
    <AdminListSection
      id="reviews"
      title="Reported reviews"
      page={page}
      error={error}
      emptyText="No reported reviews."
      sorts={[
        ['reportCount', 'Reports'],
        ['createdAt', 'Written'],
      ]}
      filters={[
        {
          name: 'status',
          label: 'Status',
          options: [
            ['visible', 'Visible'],
            ['hidden', 'Hidden'],
          ],
        },
      ]}
      columns={['Review', 'Status', { label: 'Reports', num: true }, 'Actions']}
      row={(r) => (
        <tr key={r.id} data-review-id={r.id}>
          <td>
            <span className="review-queue-text">
              <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
              <span className="sr-only">{r.rating} stars:</span> {r.comment || <em>No comment</em>}
            </span>
            <span className="sub">
              {r.authorName} on <Link to={`/course/${r.courseId}`}>{r.courseTitle}</Link> · {r.createdAt.slice(0, 10)}
            </span>
          </td>
          <td>
            <span className={`pill ${r.hidden ? 'warn' : 'good'}`}>{r.hidden ? 'hidden' : 'visible'}</span>
          </td>
          <td className="num">{r.reportCount}</td>
          <td className="admin-actions">
            {r.hidden ? (
              <ActionButton intent="restore" id={r.id} label="Restore" />
            ) : (
              <ActionButton
                intent="hide"
                id={r.id}
                label="Hide"
                danger
                confirmText="Hide this review? It leaves the course page and its rating."
              />
            )}
          </td>
        </tr>
      )}
    />
  );
}
