// Demo mode: with MPESA_ENV=simulator and no MPESA_BASE_URL (likewise SMS), `npm start` runs each simulator
// as a program of its own (`node simulators/<name>/main.ts`, Node stripping the types) on a loopback port,
// waits until it answers, and gives its URL to the web processes as MPESA_BASE_URL / SMS_BASE_URL. The
// simulators' pages (payment prompts, one-time codes) are thus never served on the app's port, and the
// bundle holds none of their code: server/ only knows where the programs are (decision 0035).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SimulatorListening } from '#common/simulators.ts';
import type { Config } from '../config/config.ts';
import type { SimulatorPage } from '../config/simulatorRules.ts';
import type { Logger } from '../logging/logger.ts';

export interface SimulatorProcesses {
  /** MPESA_BASE_URL and SMS_BASE_URL of the simulators started, for the web processes' environment. */
  env: Record<string, string>;
  /** The pages of the simulators started, for the start-up banner. */
  pages: SimulatorPage[];
  /** Stops every simulator started (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

interface Program {
  name: 'mpesa' | 'sms';
  title: string;
  /** The page a person opens. */
  page: string;
  baseUrlVariable: 'MPESA_BASE_URL' | 'SMS_BASE_URL';
  /** The settings the program reads (simulators/<name>/main.ts), from the server's configuration. */
  env: Record<string, string>;
}

function programsFor(config: Config): Program[] {
  const programs: Program[] = [];
  const { mpesa, sms } = config;
  if (mpesa.env === 'simulator' && !mpesa.baseUrl) {
    programs.push({
      name: 'mpesa',
      title: 'M-Pesa simulator',
      page: '/__mpesa',
      baseUrlVariable: 'MPESA_BASE_URL',
      env: {
        MPESA_CONSUMER_KEY: mpesa.consumerKey,
        MPESA_CONSUMER_SECRET: mpesa.consumerSecret,
        MPESA_SHORTCODE: mpesa.shortcode,
        MPESA_PASSKEY: mpesa.passkey,
        MPESA_SIMULATOR_PORT: String(config.MPESA_SIMULATOR_PORT),
        MPESA_SIMULATOR_DELAY_MS: String(config.MPESA_SIMULATOR_DELAY_MS),
        MPESA_SIMULATOR_MODE: config.MPESA_SIMULATOR_MODE,
        PAYMENT_TIMEOUT_S: String(config.PAYMENT_TIMEOUT_S),
      },
    });
  }
  if (sms.env === 'simulator' && !sms.baseUrl) {
    programs.push({
      name: 'sms',
      title: 'SMS simulator',
      page: '/__sms',
      baseUrlVariable: 'SMS_BASE_URL',
      env: {
        AT_USERNAME: sms.username,
        AT_API_KEY: sms.apiKey,
        SMS_SIMULATOR_PORT: String(config.SMS_SIMULATOR_PORT),
        SMS_SIMULATOR_REPORT_DELAY_MS: String(config.SMS_SIMULATOR_REPORT_DELAY_MS),
        // What Africa's Talking's dashboard would hold.
        ...(sms.deliveryReportSecret
          ? { DELIVERY_REPORT_URL: `${config.publicUrl}/api/sms/delivery/${sms.deliveryReportSecret}` }
          : {}),
      },
    });
  }
  return programs;
}

/**
 * `config` must name the app's final address (PORT resolved, or PUBLIC_URL): the SMS simulator posts its
 * delivery reports there.
 */
export async function startSimulatorProcesses(config: Config, log: Logger): Promise<SimulatorProcesses> {
  const started: ChildProcess[] = [];
  const env: Record<string, string> = {};
  const pages: SimulatorPage[] = [];
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await Promise.all(started.map(stopChild));
  };
  try {
    for (const program of programsFor(config)) {
      const { child, url } = await startProgram(program);
      started.push(child);
      child.once('exit', (code, signal) => {
        if (!stopping) log.error({ code, signal }, `${program.title} exited; its API and page are gone`);
      });
      env[program.baseUrlVariable] = url;
      pages.push({ title: program.title, url: `${url}${program.page}` });
      log.info({ url: `${url}${program.page}` }, `${program.title}: ${url}${program.page}`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { env, pages, stop };
}

async function startProgram(program: Program): Promise<{ child: ChildProcess; url: string }> {
  // stdout unused (the address comes as a message), stderr kept: a simulator that fails says why there. In
  // a process group of its own, so a Ctrl+C stops it only through stop(), after the web processes.
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', programPath(program.name)], {
    env: { ...process.env, ...program.env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    detached: true,
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(new Error(`${program.title} exited (${signal ?? code}) during start-up`)),
      );
      child.on('message', (m: SimulatorListening) => {
        if (m?.kind === 'simulator:listening') resolve(m.url);
      });
    });
    const res = await fetch(`${url}${program.page}`);
    await res.body?.cancel();
    if (!res.ok) throw new Error(`${program.title} answered ${res.status} on ${program.page}`);
    return { child, url };
  } catch (err) {
    await stopChild(child);
    throw err;
  }
}

/**
 * simulators/<name>/main.ts of this checkout: the first folder up from this file (server/composition/ in the
 * sources, build/server/ in the bundle, or wherever a copy of build/ runs inside the checkout) that holds it.
 */
function programPath(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'simulators', name, 'main.ts');
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`simulators/${name}/main.ts not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  return exited;
}
