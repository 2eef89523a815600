import { Link } from 'react-router';
import { listReportedQuestions, moderateQuestionItem } from '#app/server/questions.server.ts';
import { questionAction } from '#common/questions/questionSchemas.ts';
import { MODERATION_DONE, ModerationActions, moderationQueueControls } from '../components/admin/moderationQueue.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { field, intentOf, loadList, runAction } from '#app/server/adminPages.server.ts';
import { metaT } from '../i18n/metaText.ts';
import { useT } from '../i18n/useT.ts';
import type { Route } from './+types/adminQuestions';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.questions') }) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, listReportedQuestions);
}

export function action(args: Route.ActionArgs) {
  return runAction(args, async (run, form) => {
    const intent = intentOf(form, questionAction);
    await run(moderateQuestionItem, { itemId: field(form, 'id'), action: intent });
    return MODERATION_DONE[intent];
  });
}

/** The moderation queue of lessons' discussions: reported questions and answers (and hidden ones, to restore). */
export default function AdminQuestions({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  const { t } = useT();
  return (
    <AdminListSection
      id="questions"
      title={t('admin.questions.title')}
      page={page}
      error={error}
      emptyText={t('admin.questions.empty')}
      {...moderationQueueControls(t)}
      columns={[
        t('admin.questions.item'),
        t('admin.status'),
        { label: t('admin.reviews.reports'), num: true },
        t('admin.actions'),
      ]}
      row={(r) => (
        <tr key={r.id} data-item-id={r.id}>
          <td>
            <span className="review-queue-text">
              <strong>{r.kind === 'question' ? t('admin.questions.question') : t('admin.questions.answer')}:</strong>{' '}
              {r.body}
            </span>
            <span className="sub">
              {r.authorName} {t('admin.reviews.on')}{' '}
              <Link to={`/learn/${r.courseId}/${r.episode}#questions`}>
                {r.courseTitle} · {t('admin.questions.episode', { order: r.episode })}
              </Link>{' '}
              · {formatStamp(r.createdAt, 'day')}
            </span>
          </td>
          <td>
            <span className={`pill ${r.hidden ? 'warn' : 'good'}`}>
              {r.hidden ? t('admin.pill.hidden') : t('admin.pill.visible')}
            </span>
          </td>
          <td className="num">{r.reportCount}</td>
          <ModerationActions id={r.id} hidden={r.hidden} hideConfirm={t('admin.questions.hideConfirm')} />
        </tr>
      )}
    />
  );
}
