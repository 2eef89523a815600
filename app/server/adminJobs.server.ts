// The admin's jobs page (server only): failed jobs to retry, and the periodic tasks' last and next runs.
import { listFailedJobs } from '#server/modules/admin/listFailedJobs.ts';
import { listPeriodicTasks } from '#server/modules/admin/listPeriodicTasks.ts';
import { asAdmin } from './adminPages.server.ts';

export async function loadAdminJobs(args: Parameters<typeof asAdmin>[0]) {
  const run = asAdmin(args);
  const [jobs, tasks] = await Promise.all([run(listFailedJobs), run(listPeriodicTasks)]);
  return { jobs, tasks };
}
