// Process entry: config → database → migrations → demo data → HTTP. Bundled by Vite together with the
// React Router server build (see vite.config.ts), so pages and server share one module graph.
// `node build/server/index.js --worker` (npm run worker) runs only the job worker instead.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as build from 'virtual:react-router/server-build';
import { startServer } from './composition/startServer.ts';
import { startWebProcesses } from './composition/startWebProcesses.ts';
import { startWorker } from './composition/startWorker.ts';
import { stopOnSignal } from './composition/stopOnSignal.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const clientDir = path.resolve(here, '../client');

// Tests and benchmarks import the bundle to start servers in-process (same module graph as the pages);
// run as a program (`node build/server/index.js`), it starts itself.
export { build, startServer };

const entry = process.argv[1] ? fs.realpathSync(process.argv[1]) : '';
if (entry === fs.realpathSync(fileURLToPath(import.meta.url))) {
  const started = process.argv.includes('--worker')
    ? startWorker().then((worker) => stopOnSignal(worker, worker.services.log))
    : startWebProcesses({ build, clientDir });
  started.catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
