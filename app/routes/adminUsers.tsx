import { listUsers, userListQuery, moderateUser } from '#app/server/admin.server.ts';
import { userAction } from '#common/admin/moderationSchema.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { field, intentOf, loadList, runAction } from '#app/server/adminPages.server.ts';
import type { Route } from './+types/adminUsers';

export function meta() {
  return [{ title: 'Users — Admin — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, userListQuery, (s, q) => listUsers(s.database.db, q));
}

export function action(args: Route.ActionArgs) {
  return runAction(args, async (services, actor, form) => {
    const intent = intentOf(form, userAction);
    await moderateUser(services, actor, { userId: field(form, 'id'), action: intent });
    return intent === 'suspend' ? 'Suspended and signed out.' : 'Restored.';
  });
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  return (
    <AdminListSection
      id="users"
      title="Users"
      page={page}
      error={error}
      emptyText="No users match."
      sorts={[
        ['createdAt', 'Joined'],
        ['name', 'Name'],
        ['email', 'Email'],
      ]}
      filters={[
        {
          name: 'role',
          label: 'Role',
          options: [
            ['customer', 'Customer'],
            ['creator', 'Creator'],
            ['admin', 'Admin'],
          ],
        },
        {
          name: 'status',
          label: 'Status',
          options: [
            ['active', 'Active'],
            ['suspended', 'Suspended'],
          ],
        },
      ]}
      columns={['Name', 'Role', 'Status', 'Joined', 'Actions']}
      row={(u) => (
        <tr key={u.id} data-user-email={u.email}>
          <td>
            {u.name}
            <span className="sub">{u.email}</span>
          </td>
          <td>{u.role}</td>
          <td>
            <span className={`pill ${u.status === 'suspended' ? 'bad' : 'good'}`}>{u.status}</span>
          </td>
          <td>{u.createdAt.slice(0, 10)}</td>
          <td className="admin-actions">
            {u.role === 'admin' ? null : u.status === 'suspended' ? (
              <ActionButton intent="restore" id={u.id} label="Restore" />
            ) : (
              <ActionButton
                intent="suspend"
                id={u.id}
                label="Suspend"
                danger
                confirmText={`Suspend ${u.email ?? u.name}? They are signed out at once.`}
              />
            )}
          </td>
        </tr>
      )}
    />
  );
}
