// The admin's jobs page (server only): failed jobs to retry, and the periodic tasks' last and next runs.
import { listFailedJobs } from '#server/modules/admin/listFailedJobs.ts';
import { listPeriodicTasks } from '#server/modules/admin/listPeriodicTasks.ts';
import { adminContext } from './adminPages.server.ts';

export async function loadAdminJobs(args: Parameters<typeof adminContext>[0]) {
  const { services, actor } = adminContext(args);
  const [jobs, tasks] = await Promise.all([listFailedJobs(services.database.db), listPeriodicTasks(services, actor)]);
  return { jobs, tasks };
}
