// The demo server's SQLite file, for specs that look at or move what the browser cannot (the ledger's
// holding period: docs/decisions/0018).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DEMO_PORT } from './urls.ts';

/** The demo server's database: serve.mjs gives it a fresh DATA_DIR named after its port. */
export function demoDatabase(): DatabaseSync {
  const dirs = fs
    .readdirSync(os.tmpdir())
    .filter((d) => d.startsWith(`darasa-e2e-${DEMO_PORT}-`))
    .map((d) => path.join(os.tmpdir(), d, 'darasa.sqlite'))
    .filter((f) => fs.existsSync(f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!dirs[0]) throw new Error('demo database not found');
  return new DatabaseSync(dirs[0]);
}
