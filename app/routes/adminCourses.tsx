import { Link } from 'react-router';
import { courseListQuery, listCourses, moderateCourse } from '#app/server/admin.server.ts';
import { courseAction } from '#common/admin/moderationSchema.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { field, intentOf, loadList, runAction } from '#app/server/adminPages.server.ts';
import { useFormat } from '../i18n/useFormat.ts';
import type { Route } from './+types/adminCourses';

export function meta() {
  return [{ title: 'Courses — Admin — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, courseListQuery, (s, q) => listCourses(s.database.db, q));
}

const DONE = {
  publish: 'Published.',
  unpublish: 'Unpublished.',
  feature: 'Featured.',
  unfeature: 'No longer featured.',
} as const;

export function action(args: Route.ActionArgs) {
  return runAction(args, async (services, actor, form) => {
    const intent = intentOf(form, courseAction);
    await moderateCourse(services, actor, { courseId: field(form, 'id'), action: intent });
    return DONE[intent];
  });
}

export default function AdminCourses({ loaderData }: Route.ComponentProps) {
  const { price: formatPrice } = useFormat();
  const { page, error } = loaderData;
  return (
    <AdminListSection
      id="courses"
      title="Courses"
      page={page}
      error={error}
      emptyText="No courses match."
      sorts={[
        ['createdAt', 'Created'],
        ['title', 'Title'],
        ['price', 'Price'],
        ['enrolledCount', 'Students'],
      ]}
      filters={[
        {
          name: 'status',
          label: 'Status',
          options: [
            ['published', 'Published'],
            ['draft', 'Draft'],
          ],
        },
        {
          name: 'featured',
          label: 'Featured',
          options: [
            ['true', 'Featured'],
            ['false', 'Not featured'],
          ],
        },
      ]}
      columns={['Course', 'Status', { label: 'Price', num: true }, { label: 'Students', num: true }, 'Actions']}
      row={(c) => (
        <tr key={c.id} data-course-title={c.title}>
          <td>
            <Link to={`/course/${c.id}`}>{c.title}</Link>
            <span className="sub">
              {c.creatorName} · {c.category} · {c.createdAt.slice(0, 10)}
            </span>
          </td>
          <td>
            <span className={`pill ${c.published ? 'good' : ''}`}>{c.published ? 'published' : 'draft'}</span>{' '}
            {c.featured ? <span className="pill warn">featured</span> : null}
          </td>
          <td className="num">{formatPrice(c.price)}</td>
          <td className="num">{c.enrolledCount}</td>
          <td className="admin-actions">
            {c.published ? (
              <>
                {c.featured ? (
                  <ActionButton intent="unfeature" id={c.id} label="Unfeature" />
                ) : (
                  <ActionButton intent="feature" id={c.id} label="Feature" />
                )}
                <ActionButton
                  intent="unpublish"
                  id={c.id}
                  label="Unpublish"
                  danger
                  confirmText={`Unpublish "${c.title}"? It leaves the catalog at once.`}
                />
              </>
            ) : (
              <ActionButton intent="publish" id={c.id} label="Publish" />
            )}
            <Link className="btn btn-ghost btn-small" to={`/creator/course/${c.id}/analytics`}>
              Analytics
            </Link>
          </td>
        </tr>
      )}
    />
  );
}
