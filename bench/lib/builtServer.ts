// Starts the built Darasa server (`npm run build` first) as a child process, as `npm start` would, on a free
// port with its own temporary DATA_DIR, and waits until /healthz answers.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '#server/lib/freePort.ts';
import os from 'node:os';
import path from 'node:path';

/** BENCH_BUILD_DIR: benchmark a copy of a build (e.g. while others rebuild `build/` in the same tree). */
export const BUNDLE = path.resolve(process.env.BENCH_BUILD_DIR ?? 'build', 'server/index.js');

export interface ChildServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

export async function waitForHealth(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/** Spawns a script (`node <file>`) and waits for its /healthz. */
export async function spawnServer(
  script: string,
  env: Record<string, string> = {},
  opts: { timeoutMs?: number; args?: string[] } = {},
): Promise<ChildServer> {
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first.`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-bench-'));
  // One web process unless a benchmark asks for more (scale.ts): the others measure one process, reading
  // its memory by the pid spawned here and comparing its throughput with one bare process.
  // NODE_ENV=production as deployments run it (docs/deployment.md): without it React loads its development
  // build, several times slower to render.
  const base = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_PROCESSES: '1',
  };
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', script, ...(opts.args ?? [])], {
    env: { ...process.env, ...base, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, opts.timeoutMs ?? 180_000, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, child, dataDir, stop };
}

/**
 * The built Darasa server with demo data (seeding makes short clips with ffmpeg: on a machine shared with
 * other runs that can take several minutes).
 */
export function startBuiltServer(env: Record<string, string> = {}) {
  return spawnServer(BUNDLE, { DEMO_DATA: 'true', ...env }, { timeoutMs: 600_000 });
}

/** A published course id of a running demo server, read from its landing page. */
export async function firstCourseUrl(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const m = /href="(\/course\/[0-9A-Za-z_-]+)"/.exec(html);
  if (!m) throw new Error('no course link on the landing page: is the demo catalog loaded?');
  return m[1]!;
}
