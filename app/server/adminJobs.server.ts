// The admin's jobs page (server only): failed jobs to retry, the AV1 backfill's progress, and the periodic
// tasks' last and next runs.
import { getAv1Backfill } from '#server/modules/admin/getAv1Backfill.ts';
import { listFailedJobs } from '#server/modules/admin/listFailedJobs.ts';
import { listPeriodicTasks } from '#server/modules/admin/listPeriodicTasks.ts';
import { asAdmin } from './adminPages.server.ts';

export async function loadAdminJobs(args: Parameters<typeof asAdmin>[0]) {
  const run = asAdmin(args);
  const [jobs, av1, tasks] = await Promise.all([run(listFailedJobs), run(getAv1Backfill), run(listPeriodicTasks)]);
  return { jobs, av1, tasks };
}
