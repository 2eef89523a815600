// Starts the BUILT server for Playwright on a fresh temporary DATA_DIR, removed again when it stops.
// Usage: node tests/e2e/serve.mjs (PORT, DEMO_DATA and any other setting come from the environment).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `darasa-e2e-${process.env.PORT ?? 'x'}-`));
const child = spawn(
  process.execPath,
  ['--disable-warning=ExperimentalWarning', 'build/server/index.js'],
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
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
