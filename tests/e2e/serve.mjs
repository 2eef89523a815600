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
// Where the specs find this server's DATA_DIR, to read its e-mails (sign-up codes) from DATA_DIR/outbox as
// a person reads their inbox: a file named by the port (tests/e2e/outbox.ts, dataDirFile). Never a route of
// the app: e-mails on the app's port were issue 23's account-takeover hole.
const dataDirNote = path.resolve('node_modules/.cache/darasa-e2e', `data-dir-${process.env.PORT ?? 'x'}`);
fs.writeFileSync(dataDirNote, dataDir);

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
  // Only this server's own note: a later server on the port has written its own.
  if (fs.existsSync(dataDirNote) && fs.readFileSync(dataDirNote, 'utf8') === dataDir) fs.rmSync(dataDirNote);
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
