import { Link } from 'react-router';
import { listCourses, moderateCourse } from '#app/server/admin.server.ts';
import { courseAction } from '#common/admin/moderationSchema.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { field, intentOf, loadList, runAction } from '#app/server/adminPages.server.ts';
import { useFormat } from '../i18n/useFormat.ts';
import { metaT } from '../i18n/metaText.ts';
import type { Route } from './+types/adminCourses';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.courses') }) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, listCourses);
}

const DONE = {
  publish: 'Published.',
  unpublish: 'Unpublished.',
  feature: 'Featured.',
  unfeature: 'No longer featured.',
} as const;

export function action(args: Route.ActionArgs) {
  return runAction(args, async (run, form) => {
    const intent = intentOf(form, courseAction);
    await run(moderateCourse, { courseId: field(form, 'id'), action: intent });
    return DONE[intent];
  });
}

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  const { t, price: formatPrice } = useFormat();
  const { page, error } = loaderData;
  return (
    <AdminListSection
      id="courses"
      title={t('admin.tab.courses')}
      page={page}
      error={error}
      emptyText={t('admin.courses.empty')}
      sorts={[
        ['createdAt', t('admin.courses.created')],
        ['title', t('admin.courses.titleSort')],
        ['price', t('admin.courses.price')],
        ['enrolledCount', t('admin.courses.students')],
      ]}
      filters={[
        {
          name: 'status',
          label: t('admin.status'),
          options: [
            ['published', t('admin.overview.published')],
            ['draft', t('admin.overview.draft')],
          ],
        },
        {
          name: 'featured',
          label: t('admin.overview.featured'),
          options: [
            ['true', t('admin.overview.featured')],
            ['false', t('admin.courses.notFeatured')],
          ],
        },
      ]}
      columns={[
        t('admin.courses.course'),
        t('admin.status'),
        { label: t('admin.courses.price'), num: true },
        { label: t('admin.courses.students'), num: true },
        t('admin.actions'),
      ]}
      row={(c) => (
        <tr key={c.id} data-course-title={c.title}>
          <td>
            <Link to={`/course/${c.id}`}>{c.title}</Link>
            <span className="sub">
              {c.creatorName} · {t(`category.${c.category}`)} · {formatStamp(c.createdAt, 'day')}
            </span>
          </td>
          <td>
            <span className={`pill ${c.published ? 'good' : ''}`}>
              {c.published ? t('admin.pill.published') : t('admin.pill.draft')}
            </span>{' '}
            {c.featured ? <span className="pill warn">{t('admin.pill.featured')}</span> : null}
          </td>
          <td className="num">{formatPrice(c.price)}</td>
          <td className="num">{c.enrolledCount}</td>
          <td className="admin-actions">
            {c.published ? (
              <>
                {c.featured ? (
                  <ActionButton intent="unfeature" id={c.id} label={t('admin.courses.unfeature')} />
                ) : (
                  <ActionButton intent="feature" id={c.id} label={t('admin.courses.feature')} />
                )}
                <ActionButton
                  intent="unpublish"
                  id={c.id}
                  label={t('admin.courses.unpublish')}
                  danger
                  confirmText={t('admin.courses.unpublishConfirm', { title: c.title })}
                />
              </>
            ) : (
              <ActionButton intent="publish" id={c.id} label={t('admin.courses.publish')} />
            )}
            <Link className="btn btn-ghost btn-small" to={`/creator/course/${c.id}/analytics`}>
              {t('admin.courses.analytics')}
            </Link>
          </td>
        </tr>
      )}
    />
  );
}
