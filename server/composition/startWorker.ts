// `npm run worker`: only the durable job worker (transcoding, payouts…), on the same database and DATA_DIR
// as the web processes, which may then run none (JOB_CONCURRENCY=0). No HTTP, no simulators: outside the
// simulator MPESA_* point at Daraja; in simulator mode point MPESA_BASE_URL at `npm run mpesa:simulator`.
import { startCatalogChanges } from './catalogChanges.ts';
import { loadConfig } from '../config/config.ts';
import { createServices, type RunningServices } from './createServices.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { startJobWorker } from '../jobs/jobWorker.ts';
import { jobDefinitions } from './jobTypes.ts';
import { createLogger } from '../logging/logger.ts';
import { ensurePayoutTick } from '../modules/payouts/payoutTickJob.ts';

export interface RunningWorker {
  services: RunningServices;
  /** Hands running jobs back to the queue, then closes the database. */
  stop(): Promise<void>;
}

export async function startWorker(env: NodeJS.ProcessEnv = process.env): Promise<RunningWorker> {
  const config = loadConfig(env);
  const log = createLogger(config.LOG_LEVEL);
  const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrateToLatest(database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  // A finished transcode changes public pages: the web processes' caches must hear of it.
  const changes = await startCatalogChanges(config, database, log, () => {});
  const services = createServices({ config, database, log, catalogChanged: () => changes.notify() });
  await ensurePayoutTick(services);
  // A worker exists to run jobs: JOB_CONCURRENCY=0 (shared with the web processes' environment) means one.
  const concurrency = Math.max(1, config.JOB_CONCURRENCY);
  const jobs = startJobWorker(services, jobDefinitions, { concurrency });
  services.onJobEnqueued(() => jobs.wake());
  log.info({ concurrency, database: database.dialect }, 'Darasa worker running');

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await jobs.stop();
      await changes.stop();
      await services.stop();
      await database.close();
    })());
  return { services, stop };
}
