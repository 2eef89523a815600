import { useSearchParams } from 'react-router';
import { auditListQuery, listAuditLog } from '../../server/modules/admin/listAuditLog.ts';
import { loadList } from '../components/admin/adminServer.server.ts';
import { ListError } from '../components/admin/ListError.tsx';
import { ListToolbar } from '../components/admin/ListToolbar.tsx';
import { Pager } from '../components/admin/Pager.tsx';
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
  const [params] = useSearchParams();
  const { page, error } = loaderData;
  return (
    <section className="admin-section" aria-labelledby="audit-h">
      <h2 id="audit-h">Audit log</h2>
      <ListToolbar
        params={params}
        sorts={[['createdAt', 'When']]}
        filters={[{ name: 'targetType', label: 'About', options: [['course', 'Courses'], ['user', 'Users'], ['payment', 'Purchases'], ['job', 'Jobs']] }]}
      />
      <ListError error={error} empty={page.items.length === 0} emptyText="No admin actions yet." />
      {page.items.length ? (
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>When (UTC)</th>
                <th>Who</th>
                <th>What</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((e) => (
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
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager params={params} prev={page.prev} next={page.next} />
    </section>
  );
}
