import http, { type Server } from 'node:http';
import type { ServerBuild } from 'react-router';
import { loadConfig, type Config } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Services } from './core/services.ts';
import { startCatalogChangeFeed } from './db/catalogChangeFeed.ts';
import { createRequestHandler, type RequestHandler } from './http/createHttpServer.ts';
import { PageCache } from './http/pageCache.ts';
import { startJobWorker } from './jobs/jobWorker.ts';
import { jobDefinitions } from './jobTypes.ts';
import { createLogger } from './logger.ts';
import { registerPaybillUrls } from './modules/payments/registerPaybillUrls.ts';
import { createServices } from './createServices.ts';
import { startReconciler } from './modules/payments/startReconciler.ts';
import { ensurePayoutTick } from './modules/payouts/payoutTickJob.ts';
import { startEmbeddedSimulator } from './mpesaSimulator/startEmbeddedSimulator.ts';
import { deliveryReportUrl, startEmbeddedSmsSimulator } from './smsSimulator/startEmbeddedSmsSimulator.ts';
import { seedDemoIfEmpty } from './seed/seedDemoIfEmpty.ts';
import { ensureConfiguredAdmin } from './modules/accounts/ensureConfiguredAdmin.ts';
import { ensureDemoAccounts } from './seed/ensureDemoAccounts.ts';

export interface StartOptions {
  build?: ServerBuild;
  clientDir?: string;
  env?: NodeJS.ProcessEnv;
}

export interface Running {
  server: Server;
  services: Services;
  /** This process's anonymous page cache (tests and benchmarks look at it). */
  pageCache: PageCache;
  url: string;
  stop(): Promise<void>;
}

export async function startServer(opts: StartOptions = {}): Promise<Running> {
  const loaded = loadConfig(opts.env);
  const log = createLogger(loaded.LOG_LEVEL);
  const mpesaSimulator = await startEmbeddedSimulator(loaded);
  const smsSimulator = await startEmbeddedSmsSimulator(loaded);
  if (mpesaSimulator) log.info({ url: mpesaSimulator.url }, `M-Pesa simulator listening on ${mpesaSimulator.url}`);
  // The port is bound first: without PUBLIC_URL, links and M-Pesa callbacks use the port actually bound
  // (PORT=0 in tests), and the configuration is complete before anything reads it. Until the app is
  // ready, requests are answered 503.
  let handle: RequestHandler = (_req, res) => {
    res.writeHead(503, { 'retry-after': '1' }).end('Starting');
  };
  const server = http.createServer((req, res) => handle(req, res));
  server.unref(); // a failed start-up must not leave the process running for this socket
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(loaded.PORT, loaded.HOST, resolve);
  });
  const addr = server.address();
  const url = `http://localhost:${typeof addr === 'object' && addr ? addr.port : loaded.PORT}`;
  const config: Config = Object.freeze({
    ...loaded,
    publicUrl: loaded.PUBLIC_URL ? loaded.publicUrl : url,
    mpesa: mpesaSimulator ? { ...loaded.mpesa, baseUrl: mpesaSimulator.url } : loaded.mpesa,
    sms: smsSimulator ? { ...loaded.sms, baseUrl: smsSimulator.url } : loaded.sms,
  });
  smsSimulator?.setDeliveryReportUrl(deliveryReportUrl(config));
  const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrateToLatest(database);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const pageCache = new PageCache(config.PAGE_CACHE_ENTRIES);
  // Several processes on one PostgreSQL database: a catalog change in any of them clears every cache.
  const feed = config.DATABASE_URL
    ? await startCatalogChangeFeed({
        databaseUrl: config.DATABASE_URL,
        database,
        onChange: () => pageCache.clear(),
        log,
      })
    : null;
  const services = createServices({
    config,
    database,
    log,
    catalogChanged: () => {
      pageCache.clear();
      feed?.notify();
    },
  });

  if (config.DEMO_DATA) {
    await seedDemoIfEmpty(services);
    await ensureDemoAccounts(services);
  }
  await ensureConfiguredAdmin(services);
  await ensurePayoutTick(services);
  const jobs = startJobWorker(services, jobDefinitions, { concurrency: config.JOB_CONCURRENCY });
  services.onJobEnqueued(() => jobs.wake());
  const reconciler = startReconciler(services);
  if (config.MPESA_C2B_REGISTER) void registerPaybillUrls(services);

  handle = createRequestHandler({
    services,
    pageCache,
    ...(opts.build ? { build: opts.build } : {}),
    ...(opts.clientDir ? { clientDir: opts.clientDir } : {}),
  });
  server.ref();
  log.info({ url, database: database.dialect }, 'Darasa is listening');

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await Promise.all([
        closed,
        jobs.stop(),
        reconciler.stop(),
        mpesaSimulator?.close(),
        smsSimulator?.close(),
        feed?.stop(),
      ]);
      await services.stop();
      await database.close();
    })());
  return { server, services, pageCache, url, stop };
}
