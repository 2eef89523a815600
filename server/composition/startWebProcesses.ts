// `npm start` with more than one web process (WEB_PROCESSES; its default 0 is one per core): a node:cluster
// primary that serves nothing and forks web processes sharing the port (the kernel hands connections
// round-robin) and the database. The first process starts alone: it applies migrations, seeds demo data,
// creates the generated secrets and starts the embedded simulators; the others then start on that
// finished state and use the same simulators (a payment prompt must be visible on /__mpesa whichever
// process answers). Decisions 0029, 0032.
import cluster from 'node:cluster';
import os from 'node:os';
import type { ServerBuild } from 'react-router';
import { loadConfig } from '../config/config.ts';
import { createLogger } from '../logging/logger.ts';
import { startServer } from './startServer.ts';
import { stopOnSignal } from './stopOnSignal.ts';
import { freePort } from '../lib/freePort.ts';

interface Started {
  kind: 'darasa:listening';
  url: string;
  /** Set to the embedded simulators' origins by the first process, for the others. */
  env: Record<string, string>;
}

export function webProcessCount(setting: number): number {
  return setting === 0 ? os.availableParallelism() : setting;
}

/** Resolves with the URL once every web process listens (undefined inside a web process of the cluster). */
export async function startWebProcesses(opts: {
  build?: ServerBuild;
  clientDir?: string;
}): Promise<string | undefined> {
  if (cluster.isWorker) {
    const running = await startServer(opts);
    stopOnSignal(running, running.services.log);
    const { config } = running.services;
    const env: Record<string, string> = {};
    if (config.mpesa.env === 'simulator' && config.mpesa.baseUrl) env.MPESA_BASE_URL = config.mpesa.baseUrl;
    if (config.sms.env === 'simulator' && config.sms.baseUrl) env.SMS_BASE_URL = config.sms.baseUrl;
    process.send?.({ kind: 'darasa:listening', url: running.url, env } satisfies Started);
    return undefined;
  }
  const config = loadConfig();
  const count = webProcessCount(config.WEB_PROCESSES);
  if (count === 1) {
    const running = await startServer(opts);
    stopOnSignal(running, running.services.log);
    return running.url;
  }
  const log = createLogger(config.LOG_LEVEL);
  // Cluster workers share a listening socket by (address, port, order of listen calls): with PORT=0 the
  // first process's simulators would take the others' place. A concrete port keeps the key unambiguous.
  let shared: Record<string, string> = { PORT: String(config.PORT || (await freePort(config.HOST))) };
  let stopping = false;
  let serving = false;
  // Listening from the start: a stop asked for while the processes start (a deploy, Ctrl+C) stops them
  // too, instead of killing this one and leaving them orphaned.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'shutting down web processes');
      const children = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      for (const w of children) w.process.kill('SIGTERM');
      void Promise.all(children.map((w) => new Promise((r) => (w.isDead() ? r(null) : w.once('exit', r))))).then(() =>
        process.exit(0),
      );
    });
  }
  /** Starts one web process; while stopping, none (the promise stays pending until the exit above). */
  const fork = () =>
    new Promise<Started>((resolve, reject) => {
      if (stopping) return;
      const child = cluster.fork(shared);
      child.on('message', (m: Started) => {
        if (m?.kind === 'darasa:listening') resolve(m);
      });
      child.once('exit', (code, signal) => {
        if (stopping) return;
        reject(new Error(`web process ${child.process.pid} exited (${signal ?? code}) during start-up`));
        // A process that dies later is replaced, so the machine keeps serving on every core.
        if (serving && code !== 0) {
          log.error({ pid: child.process.pid, code, signal }, 'web process died; starting another');
          fork().catch((err: unknown) => log.error({ err }, 'could not replace a web process'));
        }
      });
    });
  const first = await fork();
  shared = { ...shared, ...first.env };
  await Promise.all(Array.from({ length: count - 1 }, fork));
  serving = true;
  log.info({ url: first.url, processes: count }, 'Darasa is listening');
  return first.url;
}
