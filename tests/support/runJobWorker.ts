// A job worker in its own process, for tests that kill it mid-job: DATA_DIR (and DATABASE_URL for
// PostgreSQL) say which database; JOB_LEASE_MS keeps the lease short so a successor takes over quickly.
import { loadConfig } from '#server/config/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { startJobWorker } from '#server/jobs/jobWorker.ts';
import { jobDefinitions } from '#server/composition/jobTypes.ts';
import { createLogger } from '#server/logging/logger.ts';
import { createServices } from '#server/composition/createServices.ts';

const config = loadConfig();
const database = connectDatabase({
  dataDir: config.dataDir,
  ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
});
startJobWorker(createServices({ config, database, log: createLogger('silent') }), jobDefinitions, {
  concurrency: 1,
  pollMs: 50,
  leaseMs: Number(process.env.JOB_LEASE_MS ?? 30_000),
});
process.stdout.write('worker started\n');
