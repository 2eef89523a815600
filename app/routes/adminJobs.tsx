import { listFailedJobs, retryFailedJob } from '#app/server/admin.server.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminTable } from '../components/admin/AdminTable.tsx';
import { adminContext, field, runAction } from '#app/server/adminPages.server.ts';
import type { Route } from './+types/adminJobs';

export function meta() {
  return [{ title: 'Media jobs — Admin — Darasa' }];
}

export async function loader(args: Route.LoaderArgs) {
  const { services } = adminContext(args);
  return { jobs: await listFailedJobs(services.database.db) };
}

export function action(args: Route.ActionArgs) {
  return runAction(args, async (services, actor, form) => {
    await retryFailedJob(services, actor, field(form, 'id'));
    return 'Queued again.';
  });
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { jobs } = loaderData;
  return (
    <section className="admin-section" aria-labelledby="jobs-h">
      <h2 id="jobs-h">Failed media jobs</h2>
      {jobs.length === 0 ? (
        <p className="empty-hint">No failed jobs. Every upload was processed.</p>
      ) : (
        <AdminTable
          columns={['Job', 'Error', 'Failed', 'Actions']}
          items={jobs}
          row={(j) => (
            <tr key={j.id}>
              <td>
                {j.type}
                <span className="sub">
                  {j.ownerName ? `${j.ownerName} · ` : ''}
                  {j.attempts} {j.attempts === 1 ? 'attempt' : 'attempts'}
                </span>
              </td>
              <td>
                <span className="sub">{j.lastError ?? 'Unknown error'}</span>
              </td>
              <td>{j.updatedAt.slice(0, 16).replace('T', ' ')}</td>
              <td>
                <ActionButton intent="retry" id={j.id} label="Retry" />
              </td>
            </tr>
          )}
        />
      )}
    </section>
  );
}
