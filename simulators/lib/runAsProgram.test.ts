// Each simulator as `npm run mpesa:simulator` / `npm run sms:simulator` runs it (node simulators/<name>/main.ts):
// it says where its page is, answers there on 127.0.0.1, exits cleanly on SIGTERM, and refuses a bad setting.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';

const started: ChildProcess[] = [];
// A failed test must not leave a simulator running.
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function run(name: string, env: Record<string, string>) {
  const main = path.resolve(import.meta.dirname, '..', name, 'main.ts');
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', main], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  /** The first match of `pattern` on stdout (rejects if the program exits before printing it). */
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        const m = pattern.exec(stdout);
        if (m) resolve(m);
      });
      void exited.then((code) => reject(new Error(`exited with ${code} before printing ${pattern}: ${stderr}`)));
    });
  return { child, exited, printed, stderr: () => stderr };
}

it.each([
  ['mpesa', 'M-Pesa simulator', '/__mpesa', 'MPESA_SIMULATOR_PORT'],
  ['sms', 'SMS simulator', '/__sms', 'SMS_SIMULATOR_PORT'],
])('runs the %s simulator as a program of its own', async (name, title, page, portSetting) => {
  const program = run(name, { [portSetting]: '0' });
  const [, url] = await program.printed(new RegExp(`^${title}: (http://127\\.0\\.0\\.1:\\d+${page})$`, 'm'));
  expect((await fetch(url!)).status).toBe(200);
  program.child.kill('SIGTERM');
  expect(await program.exited).toBe(0);
});

it('stops at start-up on a bad setting, naming it', async () => {
  const program = run('sms', { SMS_SIMULATOR_PORT: 'forty' });
  expect(await program.exited).not.toBe(0);
  expect(program.stderr()).toContain('SMS_SIMULATOR_PORT must be a whole number ≥ 0 (got "forty")');
});
