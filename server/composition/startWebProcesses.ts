// `npm start` with more than one web process (WEB_PROCESSES; its default 0 is one per core): a node:cluster
// primary that serves nothing and forks web processes sharing the port (the kernel hands connections
// round-robin) and the database. The first process starts alone: it applies migrations, seeds demo data
// and creates the generated secrets; the others then start on that finished state. In simulator mode the
// primary first runs the M-Pesa and SMS simulators as processes of their own, shared by every web process
// (simulatorProcesses.ts), prints a banner saying what is simulated and where the simulators' pages are
// (with a warning when HOST lets other machines in), and stops them last. Decisions 0029, 0032, 0035, 0041.
import cluster from 'node:cluster';
import os from 'node:os';
import type { ServerBuild } from 'react-router';
import { loadConfig, urlSecrets, type Config } from '../config/config.ts';
import { simulatorBanner, type SimulatorPage } from '../config/simulatorRules.ts';
import { createLogger } from '../logging/logger.ts';
import { startSimulatorProcesses } from './simulatorProcesses.ts';
import { startServer } from './startServer.ts';
import { stopOnSignal } from './stopOnSignal.ts';
import { freePort } from '../lib/freePort.ts';

interface Started {
  kind: 'darasa:listening';
  url: string;
}

export function webProcessCount(setting: number): number {
  return setting === 0 ? os.availableParallelism() : setting;
}

/** On standard error, beside the JSON log lines on standard output: a person reads it, no log parser. */
function printSimulatorBanner(config: Config, url: string, pages: SimulatorPage[]) {
  const banner = simulatorBanner(config, config.PUBLIC_URL ? config.publicUrl : url, pages);
  if (banner) process.stderr.write(`\n${banner}\n\n`);
}

/** Resolves with the URL once every web process listens (undefined inside a web process of the cluster). */
export async function startWebProcesses(opts: {
  build?: ServerBuild;
  clientDir?: string;
}): Promise<string | undefined> {
  if (cluster.isWorker) {
    const running = await startServer(opts);
    stopOnSignal(running, running.services.log);
    process.send?.({ kind: 'darasa:listening', url: running.url } satisfies Started);
    return undefined;
  }
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL, urlSecrets(config));
  const count = webProcessCount(config.WEB_PROCESSES);
  // PORT=0 is resolved first: the SMS simulator is given the app's delivery-report URL, which names the
  // port, and cluster workers share a listening socket by (address, port, order of listen calls).
  const port = { PORT: String(config.PORT || (await freePort(config.HOST))) };
  const simulators = await startSimulatorProcesses(loadConfig({ ...process.env, ...port }), log);
  const shared: Record<string, string> = { ...port, ...simulators.env };
  if (count === 1) {
    const running = await startServer({ ...opts, env: { ...process.env, ...shared } }).catch(async (err) => {
      await simulators.stop();
      throw err;
    });
    const stop = async () => {
      await running.stop();
      await simulators.stop();
    };
    stopOnSignal({ stop }, running.services.log);
    printSimulatorBanner(config, running.url, simulators.pages);
    return running.url;
  }
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
      void Promise.all(children.map((w) => new Promise((r) => (w.isDead() ? r(null) : w.once('exit', r))))).then(
        async () => {
          await simulators.stop();
          process.exit(0);
        },
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
  await Promise.all(Array.from({ length: count - 1 }, fork));
  serving = true;
  log.info({ url: first.url, processes: count }, 'Darasa is listening');
  printSimulatorBanner(config, first.url, simulators.pages);
  return first.url;
}
