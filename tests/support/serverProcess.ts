// The real server (or job worker) in its own process (Node runs our TypeScript directly), for tests that
// signal or kill it: resolves once it runs. It stops on SIGTERM/SIGINT as `npm start` does, and what it
// writes on stdout (its JSON log lines) is kept in `output`, what it writes on stderr (the start-up banner,
// a refusal) in `errors` as well as passed on.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { rememberDataDir } from './emailOutbox.ts';

export interface ChildServer {
  child: ChildProcess;
  url: string;
  /** Everything the process has written on stdout so far. */
  output(): string;
  /** Everything the process has written on stderr so far. */
  errors(): string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

function spawnEntry(file: string, start: string, env: Record<string, string>): Promise<ChildServer> {
  const entry = path.resolve(file);
  const signals = path.resolve('server/composition/stopOnSignal.ts');
  return spawnNode(
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(entry)}); const { stopOnSignal } = await import(${JSON.stringify(signals)});
       const r = await ${start}; stopOnSignal(r, r.services.log); console.log('LISTENING ' + (r.url ?? 'worker'));`,
    ],
    env,
  );
}

function spawnNode(args: string[], env: Record<string, string>): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => {
    err += d.toString();
    process.stderr.write(d);
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise<ChildServer>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /LISTENING (\S+)/.exec(out);
      if (m) {
        // Its clients read their sign-up codes from its outbox (tests/support/emailOutbox.ts).
        if (env.DATA_DIR && m[1] !== 'worker') rememberDataDir(m[1]!, env.DATA_DIR);
        resolve({ child, url: m[1]!, output: () => out, errors: () => err, exited });
      }
    });
    // 'close': after stderr is read to its end, so the error carries what the process said.
    child.once('close', (code) => reject(new Error(`process exited with ${code}\n${err}`)));
  });
}

export function startServerProcess(env: Record<string, string>): Promise<ChildServer> {
  return spawnEntry('server/composition/startServer.ts', 'm.startServer()', env);
}

/** `npm run worker` from the sources: only the job worker. */
export function startWorkerChild(env: Record<string, string>): Promise<ChildServer> {
  return spawnEntry('server/composition/startWorker.ts', 'm.startWorker()', env);
}

/** `npm start` with its WEB_PROCESSES (a node:cluster of web processes), from the sources. */
export function startWebProcessesChild(env: Record<string, string>): Promise<ChildServer> {
  return spawnNode([path.resolve('tests/support/webProcessesMain.ts')], env);
}
