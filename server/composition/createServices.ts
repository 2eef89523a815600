// Builds the services every operation is handed (see server/core/services.ts): once per process, in the
// composition root, from the loaded configuration.
import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { Clock, Services } from '../core/services.ts';
import { createDarajaClient } from '../daraja/darajaClient.ts';
import type { Database } from '../db/connect.ts';
import { enqueueJob } from '../jobs/enqueueJob.ts';
import { hurryJobs } from '../jobs/hurryJobs.ts';
import type { Logger } from '../logging/logger.ts';
import { createAuth } from '../auth/createAuth.ts';
import { createAtSmsClient } from '../sms/atSmsClient.ts';
import { consumeRateLimit } from '../modules/accounts/rateLimit.ts';
import { ViewEventBuffer } from '../modules/analytics/viewEventBuffer.ts';
import { sendResetLinkEmail } from '../modules/messaging/sendResetLinkEmail.ts';
import { createMediaTokens } from '../modules/playback/mediaToken.ts';
import { loadMediaTokenSecret } from '../modules/playback/mediaTokenSecret.ts';
import { createLocalStorage } from '../storage/localStorage.ts';
import { createS3Storage } from '../storage/s3Storage.ts';
import { createUploadLocker } from '../uploadLocks/createUploadLocker.ts';

const UNREACHABLE = 'http://127.0.0.1:9';

export interface ServiceParts {
  config: Config;
  database: Database;
  log: Logger;
  catalogChanged?: () => void;
  /** The page cache's generation where there is one; otherwise a count of this process's catalogChanged(). */
  catalogVersion?: () => number;
  /** Tests pass a clock they move; everything else runs on the real one. */
  clock?: Clock;
}

export interface RunningServices extends Services {
  /** Lets this process's job worker hear about jobs enqueued here. */
  onJobEnqueued(listener: () => void): void;
  /** Flushes buffered writes; call before the database closes. */
  stop(): Promise<void>;
}

export function createServices(parts: ServiceParts): RunningServices {
  const { config, database, log } = parts;
  const viewEvents = new ViewEventBuffer(database.db, log);
  const uploadLocker = createUploadLocker(config, database, log);
  const wakers: Array<() => void> = [];
  // The caller's transaction commits after enqueue returns: wake the worker a moment later.
  const wakeSoon = () =>
    setTimeout(() => {
      for (const wake of wakers) wake();
    }, 50).unref();
  let catalogChanges = 0;
  const services: RunningServices = {
    config,
    clock: parts.clock ?? { now: () => new Date() },
    database,
    log,
    catalogChanged: () => {
      catalogChanges++;
      parts.catalogChanged?.();
    },
    catalogVersion: parts.catalogVersion ?? (() => catalogChanges),
    // What better-auth needs of the domain, given here (auth imports no module); `services` is complete by
    // the time better-auth calls them.
    auth: createAuth({
      config,
      database,
      log,
      consumeRateLimit: (key, rule) => consumeRateLimit(services, { key, rule }),
      sendResetLink: (email) => sendResetLinkEmail(config, log, email),
    }),
    // Only services built outside startServer (unit tests, scripts) can lack an M-Pesa or SMS origin: their
    // clients point at the discard port, so a call fails as an unreachable provider would.
    daraja: createDarajaClient({ ...config.mpesa, baseUrl: config.mpesa.baseUrl ?? UNREACHABLE }),
    sms: createAtSmsClient({ ...config.sms, baseUrl: config.sms.baseUrl ?? UNREACHABLE }),
    mediaTokens: createMediaTokens(loadMediaTokenSecret(config)),
    viewEvents,
    // With S3, DATA_DIR/work holds only passing copies: originals being transcoded, folders being built.
    storage: config.s3
      ? createS3Storage(config.s3, path.join(config.dataDir, 'work'))
      : createLocalStorage(config.dataDir),
    uploadLocker,
    jobs: {
      async enqueue(db, def, payload, opts) {
        const id = await enqueueJob(db, def, payload, opts);
        wakeSoon();
        return id;
      },
      async hurry(db, def, payloads) {
        const moved = await hurryJobs(db, def, payloads);
        if (moved > 0) wakeSoon();
        return moved;
      },
    },
    onJobEnqueued: (listener) => void wakers.push(listener),
    stop: async () => {
      await Promise.all([viewEvents.stop(), uploadLocker.close()]);
    },
  };
  return services;
}
