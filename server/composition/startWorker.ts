// `npm run worker`: only the durable job worker (transcoding, payouts…) and the deployment's periodic tasks,
// on the same database and DATA_DIR as the web processes, which may then run none (JOB_CONCURRENCY=0). No
// HTTP, no simulators: outside the simulator MPESA_* point at Daraja; in simulator mode MPESA_BASE_URL and
// SMS_BASE_URL point at the simulators `npm start` runs (it logs where) or at `npm run mpesa:simulator` /
// `npm run sms:simulator`.
import { startCatalogChanges } from './catalogChanges.ts';
import { loadConfig, urlSecrets } from '../config/config.ts';
import { createServices, type RunningServices } from './createServices.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { startJobWorker } from '../jobs/jobWorker.ts';
import { startPeriodicRunner } from '../jobs/periodicRunner.ts';
import { jobDefinitions } from './jobTypes.ts';
import { periodicTasks, WORKER_SCOPES } from './periodicTasks.ts';
import { createLogger } from '../logging/logger.ts';

export interface RunningWorker {
  services: RunningServices;
  /** Hands running jobs back to the queue, lets running periodic tasks finish, then closes the database. */
  stop(): Promise<void>;
}

export async function startWorker(env: NodeJS.ProcessEnv = process.env): Promise<RunningWorker> {
  const config = loadConfig(env);
  const log = createLogger(config.LOG_LEVEL, urlSecrets(config));
  const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrateToLatest(database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  // A finished transcode changes public pages: the web processes' caches must hear of it.
  const changes = await startCatalogChanges(config, database, log, () => {});
  const services = createServices({ config, database, log, catalogChanged: () => changes.notify() });
  // A worker exists to run jobs: JOB_CONCURRENCY=0 (shared with the web processes' environment) means one.
  const concurrency = Math.max(1, config.JOB_CONCURRENCY);
  const jobs = startJobWorker(services, jobDefinitions, { concurrency });
  services.onJobEnqueued(() => jobs.wake());
  const periodic = startPeriodicRunner(services, periodicTasks, {
    scopes: WORKER_SCOPES,
    graceMs: config.SHUTDOWN_TIMEOUT_MS,
  });
  log.info({ concurrency, database: database.dialect }, 'Darasa worker running');

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await Promise.all([jobs.stop(), periodic.stop()]);
      await changes.stop();
      await services.stop();
      await database.close();
    })());
  return { services, stop };
}
