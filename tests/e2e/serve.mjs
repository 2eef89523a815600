// Starts the BUILT server for Playwright on a fresh temporary DATA_DIR, removed again when it stops.
// Usage: node tests/e2e/serve.mjs (PORT, DEMO_DATA and any other setting come from the environment).
// It runs a private copy of build/ (under node_modules/.cache, so packages still resolve): a rebuild
// during a long run cannot pull files from under the server.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tag = `${process.env.PORT ?? 'x'}-${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `darasa-e2e-${tag}-`));
const buildCopy = path.resolve('node_modules/.cache/darasa-e2e', tag);
fs.cpSync('build', buildCopy, { recursive: true });

const child = spawn(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', path.join(buildCopy, 'server/index.js')],
  { stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' } },
);

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(sig));
child.on('exit', (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(buildCopy, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
