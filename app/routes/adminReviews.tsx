import { Link } from 'react-router';
import { listReportedReviews, moderateReview } from '#app/server/reviews.server.ts';
import { reviewAction } from '#common/reviews/reviewSchemas.ts';
import { MODERATION_DONE, ModerationActions, moderationQueueControls } from '../components/admin/moderationQueue.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { field, intentOf, loadList, runAction } from '#app/server/adminPages.server.ts';
import { metaT } from '../i18n/metaText.ts';
import { useT } from '../i18n/useT.ts';
import type { Route } from './+types/adminReviews';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.reviews') }) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, listReportedReviews);
}

export function action(args: Route.ActionArgs) {
  return runAction(args, async (run, form) => {
    const intent = intentOf(form, reviewAction);
    await run(moderateReview, { reviewId: field(form, 'id'), action: intent });
    return MODERATION_DONE[intent];
  });
}

/** The moderation queue: reported reviews (and hidden ones, to restore), most reported first. */
export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  const { t } = useT();
  return (
    <AdminListSection
      id="reviews"
      title={t('admin.reviews.title')}
      page={page}
      error={error}
      emptyText={t('admin.reviews.empty')}
      {...moderationQueueControls(t)}
      columns={[
        t('admin.reviews.review'),
        t('admin.status'),
        { label: t('admin.reviews.reports'), num: true },
        t('admin.actions'),
      ]}
      row={(r) => (
        <tr key={r.id} data-review-id={r.id}>
          <td>
            <span className="review-queue-text">
              <span aria-hidden="true">{'★'.repeat(r.rating)}</span>
              <span className="sr-only">{t('admin.reviews.stars', { count: r.rating })}</span>{' '}
              {r.comment || <em>{t('admin.reviews.noComment')}</em>}
            </span>
            <span className="sub">
              {r.authorName} {t('admin.reviews.on')} <Link to={`/course/${r.courseId}`}>{r.courseTitle}</Link> ·{' '}
              {formatStamp(r.createdAt, 'day')}
            </span>
          </td>
          <td>
            <span className={`pill ${r.hidden ? 'warn' : 'good'}`}>
              {r.hidden ? t('admin.pill.hidden') : t('admin.pill.visible')}
            </span>
          </td>
          <td className="num">{r.reportCount}</td>
          <ModerationActions id={r.id} hidden={r.hidden} hideConfirm={t('admin.reviews.hideConfirm')} />
        </tr>
      )}
    />
  );
}
