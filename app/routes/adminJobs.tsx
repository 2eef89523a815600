import { listFailedJobs, retryFailedJob } from '#app/server/admin.server.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminTable } from '../components/admin/AdminTable.tsx';
import { adminContext, field, runAction } from '#app/server/adminPages.server.ts';
import { metaT } from '../i18n/metaText.ts';
import { useT } from '../i18n/useT.ts';
import type { Route } from './+types/adminJobs';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.jobs') }) }];
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
  const { t } = useT();
  return (
    <section className="admin-section" aria-labelledby="jobs-h">
      <h2 id="jobs-h">{t('admin.jobs.title')}</h2>
      {jobs.length === 0 ? (
        <p className="empty-hint">{t('admin.jobs.empty')}</p>
      ) : (
        <AdminTable
          columns={[t('admin.jobs.job'), t('admin.jobs.error'), t('admin.jobs.failed'), t('admin.actions')]}
          items={jobs}
          row={(j) => (
            <tr key={j.id}>
              <td>
                {j.type}
                <span className="sub">
                  {j.ownerName ? `${j.ownerName} · ` : ''}
                  {t('admin.jobs.attempts', { count: j.attempts })}
                </span>
              </td>
              <td>
                <span className="sub">{j.lastError ?? t('admin.jobs.unknownError')}</span>
              </td>
              <td>{formatStamp(j.updatedAt)}</td>
              <td>
                <ActionButton intent="retry" id={j.id} label={t('admin.retry')} />
              </td>
            </tr>
          )}
        />
      )}
    </section>
  );
}
