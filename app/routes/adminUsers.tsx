import { listUsers, moderateUser } from '#app/server/admin.server.ts';
import { userAction } from '#common/admin/moderationSchema.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { field, intentOf, loadList, runAction } from '#app/server/adminPages.server.ts';
import { metaT } from '../i18n/metaText.ts';
import { useT } from '../i18n/useT.ts';
import type { Route } from './+types/adminUsers';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.users') }) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, listUsers);
}

export function action(args: Route.ActionArgs) {
  return runAction(args, async (run, form) => {
    const intent = intentOf(form, userAction);
    await run(moderateUser, { userId: field(form, 'id'), action: intent });
    return intent === 'suspend' ? 'Suspended and signed out.' : 'Restored.';
  });
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  const { t } = useT();
  return (
    <AdminListSection
      id="users"
      title={t('admin.tab.users')}
      page={page}
      error={error}
      emptyText={t('admin.users.empty')}
      sorts={[
        ['createdAt', t('admin.users.joined')],
        ['name', t('admin.users.name')],
        ['email', t('admin.users.email')],
      ]}
      filters={[
        {
          name: 'role',
          label: t('admin.users.role'),
          options: [
            ['customer', t('admin.role.customer')],
            ['creator', t('admin.role.creator')],
            ['admin', t('admin.role.admin')],
          ],
        },
        {
          name: 'status',
          label: t('admin.status'),
          options: [
            ['active', t('admin.users.active')],
            ['suspended', t('admin.overview.suspended')],
          ],
        },
      ]}
      columns={[
        t('admin.users.name'),
        t('admin.users.role'),
        t('admin.status'),
        t('admin.users.joined'),
        t('admin.actions'),
      ]}
      row={(u) => (
        <tr key={u.id} data-user-email={u.email}>
          <td>
            {u.name}
            <span className="sub">{u.email}</span>
          </td>
          <td>{t(`admin.userRole.${u.role}`)}</td>
          <td>
            <span className={`pill ${u.status === 'suspended' ? 'bad' : 'good'}`}>
              {t(`admin.userStatus.${u.status}`)}
            </span>
          </td>
          <td>{formatStamp(u.createdAt, 'day')}</td>
          <td className="admin-actions">
            {u.role === 'admin' ? null : u.status === 'suspended' ? (
              <ActionButton intent="restore" id={u.id} label={t('admin.restore')} />
            ) : (
              <ActionButton
                intent="suspend"
                id={u.id}
                label={t('admin.users.suspend')}
                danger
                confirmText={t('admin.users.suspendConfirm', { who: u.email ?? u.name })}
              />
            )}
          </td>
        </tr>
      )}
    />
  );
}
