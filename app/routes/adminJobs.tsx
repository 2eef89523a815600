import { retryFailedJob } from '#app/server/admin.server.ts';
import { loadAdminJobs } from '#app/server/adminJobs.server.ts';
import { ActionButton } from '../components/admin/ActionButton.tsx';
import { AdminTable } from '../components/admin/AdminTable.tsx';
import { field, runAction } from '#app/server/adminPages.server.ts';
import { metaT } from '../i18n/metaText.ts';
import { useT, type Translate } from '../i18n/useT.ts';
import type { Route } from './+types/adminJobs';
import { formatStamp } from '#common/i18n/formatting.ts';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  return [{ title: t('meta.pageTitle', { title: t('meta.admin.jobs') }) }];
}

export function loader(args: Route.LoaderArgs) {
  return loadAdminJobs(args);
}

export function action(args: Route.ActionArgs) {
  return runAction(args, async (run, form) => {
    await run(retryFailedJob, { jobId: field(form, 'id') });
    return 'Queued again.';
  });
}

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const { jobs, av1, tasks } = loaderData;
  const { t } = useT();
  return (
    <>
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
      <Av1Backfill status={av1} />
      <PeriodicTasks tasks={tasks} />
    </>
  );
}

/** Videos made before AV1 getting their AV1 renditions (decision 0070): what is left, now, and failed. */
function Av1Backfill({ status }: { status: Route.ComponentProps['loaderData']['av1'] }) {
  const { t } = useT();
  const { current } = status;
  return (
    <section className="admin-section" aria-labelledby="av1-h">
      <h2 id="av1-h">{t('admin.av1.title')}</h2>
      <p className="empty-hint">{t('admin.av1.about')}</p>
      <ul>
        <li>{status.on ? t('admin.av1.left', { count: status.left }) : t('admin.av1.off')}</li>
        <li>
          {current
            ? t(current.running ? 'admin.av1.now' : 'admin.av1.waiting', {
                title: current.title ? `${current.title} (${current.course ?? ''})` : t('admin.av1.noLesson'),
                progress: current.progress,
              })
            : t('admin.av1.idle')}
        </li>
        {status.failed > 0 && <li className="error">{t('admin.av1.failed', { count: status.failed })}</li>}
      </ul>
    </section>
  );
}

type Task = Route.ComponentProps['loaderData']['tasks'][number];

/** "Every 5 minutes": the largest whole unit. */
function every(ms: number, t: Translate): string {
  if (ms === 0) return t('admin.tasks.off');
  if (ms % 3_600_000 === 0) return t('admin.tasks.everyHours', { count: ms / 3_600_000 });
  if (ms % 60_000 === 0) return t('admin.tasks.everyMinutes', { count: ms / 60_000 });
  return t('admin.tasks.everySeconds', { count: ms / 1000 });
}

function PeriodicTasks({ tasks }: { tasks: Task[] }) {
  const { t } = useT();
  const scope = (task: Task) =>
    task.scope === 'machine'
      ? t('admin.tasks.scope.machine', { machine: task.machine ?? '' })
      : t(`admin.tasks.scope.${task.scope}`);
  return (
    <section className="admin-section" aria-labelledby="tasks-h">
      <h2 id="tasks-h">{t('admin.tasks.title')}</h2>
      <p className="empty-hint">{t('admin.tasks.about')}</p>
      {tasks.length === 0 ? (
        <p className="empty-hint">{t('admin.tasks.empty')}</p>
      ) : (
        <AdminTable
          columns={[
            t('admin.tasks.task'),
            t('admin.tasks.interval'),
            t('admin.tasks.lastRun'),
            t('admin.tasks.nextRun'),
            t('admin.tasks.lastError'),
          ]}
          items={tasks}
          row={(task) => (
            <tr key={`${task.name} ${task.machine ?? ''}`}>
              <td>
                {task.name}
                <span className="sub">{scope(task)}</span>
              </td>
              <td>{every(task.intervalMs, t)}</td>
              <td>
                {task.scope === 'process'
                  ? t('admin.tasks.notRecorded')
                  : task.lastStartedAt
                    ? formatStamp(task.lastStartedAt, 'second')
                    : t('admin.tasks.never')}
                {task.running && <span className="sub">{t('admin.tasks.unfinished')}</span>}
              </td>
              <td>{task.nextRunAt && task.intervalMs > 0 ? formatStamp(task.nextRunAt, 'second') : '—'}</td>
              <td>
                <span className={task.lastError ? 'sub error' : 'sub'}>
                  {task.lastError ?? t('admin.tasks.noError')}
                </span>
              </td>
            </tr>
          )}
        />
      )}
    </section>
  );
}
