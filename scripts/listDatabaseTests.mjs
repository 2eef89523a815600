// Prints the vitest files that reach a database (import, directly or not, tests/support/testDatabase.ts or
// server/db/connect.ts): the PostgreSQL pass (`npm run test:pg`) runs only these, since the other tests
// (pure rules, parsers, texts) would run the same code twice. Read from the import graph by
// dependency-cruiser, so a new database test is picked up without a list to keep.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reaches = '^(tests/support/testDatabase[.]ts|server/db/connect[.]ts)$';
const out = execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
    '--config',
    '.dependency-cruiser.cjs',
    '--reaches',
    reaches,
    '--output-type',
    'json',
    'server',
    'app',
    'common',
    'simulators',
    'tests',
    'scripts',
    'bench',
  ],
  { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
const files = JSON.parse(out)
  .modules.map((m) => m.source)
  .filter((f) => /[.]test[.]tsx?$/.test(f) && !/[.]browser[.]test[.]tsx$/.test(f))
  .sort();
if (files.length === 0) {
  console.error('listDatabaseTests: no test reaches a database; the import graph could not be read.');
  process.exit(1);
}
console.log(files.join('\n'));
