import { auditListQuery, listAuditLog } from '#app/server/admin.server.ts';
import { AdminListSection } from '../components/admin/AdminListSection.tsx';
import { loadList } from '#app/server/adminPages.server.ts';
import type { Route } from './+types/adminAudit';

export function meta() {
  return [{ title: 'Audit log — Admin — Darasa' }];
}

export function loader(args: Route.LoaderArgs) {
  return loadList(args, auditListQuery, (s, q) => listAuditLog(s.database.db, q));
}

/** The details worth a glance: what was acted on, and the reason given. */
function summary(details: Record<string, unknown>): string {
  return ['title', 'email', 'amount', 'receipt', 'type', 'reason']
    .filter((k) => details[k] !== undefined)
    .map((k) => `${k}: ${String(details[k])}`)
    .join(' · ');
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { page, error } = loaderData;
  return (
    <AdminListSection
      id="audit"
      title="Audit log"
      page={page}
      error={error}
      emptyText="No admin actions yet."
      sorts={[['createdAt', 'When']]}
      filters={[
        {
          name: 'targetType',
          label: 'About',
          options: [
            ['course', 'Courses'],
            ['user', 'Users'],
            ['payment', 'Purchases'],
            ['job', 'Jobs'],
          ],
        },
      ]}
      columns={['When (UTC)', 'Who', 'What', 'Details']}
      row={(e) => (
        <tr key={e.id}>
          <td>{e.createdAt.slice(0, 19).replace('T', ' ')}</td>
          <td>{e.actorName ?? e.actorId}</td>
          <td>
            {e.action}
            <span className="sub">
              {e.targetType} {e.targetId}
            </span>
          </td>
          <td>{summary(e.details)}</td>
        </tr>
      )}
    />
  );
}
