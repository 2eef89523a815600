import http, { type Server } from 'node:http';
import type { ServerBuild } from 'react-router';
import { loadConfig, urlSecrets, type Config } from '../config/config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Services } from '../core/services.ts';
import { startCatalogChanges } from './catalogChanges.ts';
import { createRequestHandler, type RequestHandler } from '../http/createHttpServer.ts';
import { PageCache } from '../http/pageCache.ts';
import { startJobWorker } from '../jobs/jobWorker.ts';
import { startPeriodicRunner } from '../jobs/periodicRunner.ts';
import { jobDefinitions } from './jobTypes.ts';
import { periodicTasks, webProcessScopes } from './periodicTasks.ts';
import { createLogger } from '../logging/logger.ts';
import { registerPaybillUrls } from '../modules/payments/registerPaybillUrls.ts';
import { createServices } from './createServices.ts';
import { seedDemoIfEmpty } from '../seed/seedDemoIfEmpty.ts';
import { ensureConfiguredAdmin } from '../modules/accounts/ensureConfiguredAdmin.ts';
import { ensureDemoAccounts } from '../seed/ensureDemoAccounts.ts';

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
  const log = createLogger(loaded.LOG_LEVEL, urlSecrets(loaded));
  // The port is bound first: without PUBLIC_URL, links and M-Pesa callbacks use the port actually bound
  // (PORT=0 in tests), and the configuration is complete before anything reads it. Until the app is
  // ready, requests are answered 503.
  let handle: RequestHandler = (_req, res) => {
    res.writeHead(503, { 'retry-after': '1' }).end('Starting');
  };
  // Requests being answered, so a shutdown can let them finish (see stop()).
  let inFlight = 0;
  const whenIdle: Array<() => void> = [];
  let shuttingDown = false;
  const server = http.createServer((req, res) => {
    inFlight++;
    // A kept-alive connection would otherwise carry a client's next requests to a server that is going away.
    if (shuttingDown) res.setHeader('connection', 'close');
    res.once('close', () => {
      if (--inFlight === 0) for (const resolve of whenIdle.splice(0)) resolve();
    });
    handle(req, res);
  });
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
  });
  const database = connectDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const applied = await migrateToLatest(database);
  if (applied.length) log.info({ applied }, 'migrations applied');

  // Several processes on one database: a catalog change in any of them clears every page cache.
  let changedElsewhere = () => false;
  const pageCache = new PageCache(config.PAGE_CACHE_ENTRIES, () => changedElsewhere());
  const changes = await startCatalogChanges(config, database, log, () => pageCache.clear());
  changedElsewhere = changes.changedElsewhere;
  const services = createServices({
    config,
    database,
    log,
    catalogChanged: () => {
      pageCache.clear();
      changes.notify();
    },
    catalogVersion: () => pageCache.version(),
  });

  if (config.DEMO_DATA) {
    await seedDemoIfEmpty(services);
    await ensureDemoAccounts(services);
  }
  await ensureConfiguredAdmin(services);
  const jobs = startJobWorker(services, jobDefinitions, { concurrency: config.JOB_CONCURRENCY });
  services.onJobEnqueued(() => jobs.wake());
  const periodic = startPeriodicRunner(services, periodicTasks, {
    scopes: webProcessScopes(config),
    graceMs: config.SHUTDOWN_TIMEOUT_MS,
  });
  if (config.MPESA_C2B_REGISTER) void registerPaybillUrls(services);

  handle = createRequestHandler({
    services,
    pageCache,
    stopping: () => shuttingDown,
    ...(opts.build ? { build: opts.build } : {}),
    ...(opts.clientDir ? { clientDir: opts.clientDir } : {}),
  });
  server.ref();
  log.info({ url, database: database.dialect }, 'Darasa is listening');

  // Graceful: stop accepting (readiness turns 503), let requests in flight finish for up to
  // SHUTDOWN_TIMEOUT_MS while running jobs are handed back to the queue and running periodic tasks finish, then
  // close everything.
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      shuttingDown = true;
      const closed = new Promise<void>((r) => server.close(() => r()));
      const drained = async () => {
        let timer: NodeJS.Timeout | undefined;
        // Connections kept alive after the answer they were carrying when the stop began are closed too.
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        await Promise.race([
          inFlight === 0 ? undefined : new Promise<void>((r) => whenIdle.push(r)),
          new Promise<void>((r) => {
            timer = setTimeout(r, config.SHUTDOWN_TIMEOUT_MS);
          }),
        ]);
        clearTimeout(timer);
        clearInterval(sweep);
        if (inFlight > 0) log.warn({ inFlight }, 'shutdown: cutting requests still in flight');
        server.closeAllConnections();
        await closed;
      };
      // Each part stops even if another fails (a failed hand-back must not cut an upload in flight); the
      // first failure is reported once everything is closed.
      const failures = [
        ...(await Promise.allSettled([drained(), jobs.stop(), periodic.stop()])),
        ...(await Promise.allSettled([changes.stop()])),
        ...(await Promise.allSettled([services.stop()])),
        ...(await Promise.allSettled([database.close()])),
      ].filter((r) => r.status === 'rejected');
      if (failures[0]) throw failures[0].reason;
    })());
  return { server, services, pageCache, url, stop };
}
