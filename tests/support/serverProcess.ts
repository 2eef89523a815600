// The real server in its own process (Node runs our TypeScript directly), for tests that kill it with
// SIGKILL: resolves with the process and its URL once it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export async function startServerProcess(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const entry = path.resolve('server/startServer.ts');
  const child = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      '--input-type=module',
      '-e',
      `const { startServer } = await import(${JSON.stringify(entry)}); const r = await startServer(); console.log('LISTENING ' + r.url);`,
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /LISTENING (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, url };
}
