import type { Server } from 'node:http';
import type { ServerBuild } from 'react-router';
import { loadConfig, type Config } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { AppServices } from './http/appContext.ts';
import { startCatalogChangeFeed } from './http/catalogChangeFeed.ts';
import { createHttpServer } from './http/createHttpServer.ts';
import { PageCache } from './http/pageCache.ts';
import { startJobWorker } from './jobs/jobWorker.ts';
import { useMediaTokenSecret } from './modules/playback/mediaToken.ts';
import { loadMediaTokenSecret } from './modules/playback/mediaTokenSecret.ts';
import { jobDefinitions } from './jobs/registry.ts';
import { createLogger } from './logger.ts';
import { stopViewEvents } from './modules/analytics/viewEventBuffer.ts';
import { startReconciler } from './modules/payments/startReconciler.ts';
import { startEmbeddedSimulator } from './mpesaSimulator/startEmbeddedSimulator.ts';
import { seedDemoIfEmpty } from './seed/seedDemoIfEmpty.ts';
import { ensureConfiguredAdmin } from './modules/accounts/ensureConfiguredAdmin.ts';
import { ensureDemoAccounts } from './modules/accounts/ensureDemoAccounts.ts';

export interface StartOptions {
  build?: ServerBuild;
  clientDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface Running {
  server: Server;
  services: AppServices;
  /** This process's anonymous page cache (tests and benchmarks look at it). */
  pageCache: PageCache;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(opts: StartOptions = {}): Promise<Running> {
  const config: Config = loadConfig(opts.env);
  useMediaTokenSecret(loadMediaTokenSecret(config));
  const log = createLogger(config.LOG_LEVEL);
  const mpesaSimulator = await startEmbeddedSimulator(config);
  if (mpesaSimulator) config.mpesa = { ...config.mpesa, baseUrl: mpesaSimulator.url };
  const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrateToLatest(database);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const pageCache = new PageCache(config.PAGE_CACHE_ENTRIES);
  // Several processes on one PostgreSQL database: a catalog change in any of them clears every cache.
  const feed = config.DATABASE_URL
    ? await startCatalogChangeFeed({ databaseUrl: config.DATABASE_URL, database, onChange: () => pageCache.clear(), log })
    : null;
  const services: AppServices = {
    config,
    database,
    log,
    catalogChanged: () => {
      pageCache.clear();
      feed?.notify();
    },
  };

  if (config.DEMO_DATA) {
    await seedDemoIfEmpty(services);
    await ensureDemoAccounts(services);
  }
  await ensureConfiguredAdmin(services);
  const jobs = startJobWorker(services, jobDefinitions, { concurrency: config.JOB_CONCURRENCY });
  const reconciler = startReconciler(services);

  const server = createHttpServer({
    services,
    pageCache,
    ...(opts.build ? { build: opts.build } : {}),
    ...(opts.clientDir ? { clientDir: opts.clientDir } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  const url = `http://localhost:${port}`;
  // Without PUBLIC_URL, links and M-Pesa callbacks use the port actually bound (PORT=0 in tests).
  if (!config.PUBLIC_URL) config.publicUrl = url;
  log.info({ url, database: database.dialect }, 'Darasa is listening');

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await Promise.all([closed, jobs.stop(), reconciler.stop(), mpesaSimulator?.close(), feed?.stop()]);
      await stopViewEvents(services);
      await database.close();
    })());
  return { server, services, pageCache, url, stop };
}
