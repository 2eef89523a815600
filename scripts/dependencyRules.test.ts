// The dependency rules of .dependency-cruiser.cjs, run on a small throwaway tree: each rule must catch its
// violation (through a relative path and through a #alias alike) and a compliant tree must pass.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const config = join(root, '.dependency-cruiser.cjs');

const packageJson = JSON.stringify({
  name: 'fixture',
  type: 'module',
  imports: { '#app/*': './app/*', '#common/*': './common/*', '#server/*': './server/*' },
});

// A tree that follows every rule; each test adds or replaces files in it.
const compliant: Record<string, string> = {
  'common/roles.ts': `export type Role = 'customer' | 'admin';\n`,
  'server/config.ts':
    `export type Config = { port: number };\n` + `export const loadConfig = (): Config => ({ port: 1 });\n`,
  'server/core/errors.ts': `export class AppError extends Error {}\n`,
  'server/core/services.ts':
    `import type { Config } from '../config.ts';\nimport type { Role } from '#common/roles.ts';\n` +
    `export type Services = { config: Config; role: Role };\n`,
  'server/db/connect.ts': `export const connect = () => 1;\n`,
  'server/modules/catalog/listCourses.ts':
    `import { AppError } from '#server/core/errors.ts';\n` +
    `import type { Services } from '../../core/services.ts';\n` +
    `export const listCourses = (s: Services) => { if (!s) throw new AppError(); return []; };\n`,
  'server/http/routes.ts':
    `import { listCourses } from '../modules/catalog/listCourses.ts';\n` + `export const routes = [listCourses];\n`,
  'server/http/appContext.ts': `import type { Services } from '../core/services.ts';\nexport type Ctx = Services;\n`,
  // A cycle made only of `import type` edges is allowed.
  'server/modules/a/typesA.ts': `import type { B } from './typesB.ts';\nexport type A = { b?: B };\n`,
  'server/modules/a/typesB.ts': `import type { A } from './typesA.ts';\nexport type B = { a?: A };\n`,
  'app/lib/courses.server.ts':
    `import { listCourses } from '#server/modules/catalog/listCourses.ts';\n` + `export const load = listCourses;\n`,
  'app/routes/home.tsx':
    `import type { Route } from './+types/home';\nimport type { Role } from '#common/roles.ts';\n` +
    `import { load } from '../lib/courses.server.ts';\nexport const loader = load;\n` +
    `export default function Home(_: { r?: Route; role?: Role }) { return null; }\n`,
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function violations(extra: Record<string, string> = {}): Promise<string[]> {
  dir = mkdtempSync(join(tmpdir(), 'darasa-deps-'));
  writeFileSync(join(dir, 'package.json'), packageJson);
  for (const [path, text] of Object.entries({ ...compliant, ...extra })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const args = [cli, '--config', config, '--output-type', 'json', '--no-progress', 'app', 'server', 'common'];
  const { stdout } = await run(process.execPath, args, { cwd: dir }).catch((error: { stdout?: string }) => {
    if (!error.stdout) throw error;
    return { stdout: error.stdout };
  });
  const result = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('pass on a compliant tree', async () => {
    expect(await violations()).toEqual([]);
  });

  it('forbid modules, jobs, seed, core and db from importing server/http', async () => {
    const found = await violations({
      'server/modules/catalog/bad.ts': `import type { Ctx } from '#server/http/appContext.ts';\nexport type X = Ctx;\n`,
      'server/jobs/bad.ts': `import { routes } from '../http/routes.ts';\nexport const x = routes;\n`,
      'server/db/bad.ts': `import { routes } from '#server/http/routes.ts';\nexport const x = routes;\n`,
    });
    expect(found).toEqual([
      'no-http-below-the-edge: server/db/bad.ts -> server/http/routes.ts',
      'no-http-below-the-edge: server/jobs/bad.ts -> server/http/routes.ts',
      'no-http-below-the-edge: server/modules/catalog/bad.ts -> server/http/appContext.ts',
    ]);
  });

  it('keep server/core free of features and of infrastructure code (infrastructure types are fine)', async () => {
    const found = await violations({
      'server/core/bad.ts':
        `import type { Ctx } from '../http/appContext.ts';\n` +
        `import { listCourses } from '#server/modules/catalog/listCourses.ts';\n` +
        `import { connect } from '../db/connect.ts';\nimport type { Config } from '../config.ts';\n` +
        `export const x = [listCourses, connect];\nexport type Y = Ctx | Config;\n`,
    });
    expect(found).toEqual([
      'core-imports-no-features: server/core/bad.ts -> server/http/appContext.ts',
      'core-imports-no-features: server/core/bad.ts -> server/modules/catalog/listCourses.ts',
      'core-imports-only-infra-types: server/core/bad.ts -> server/db/connect.ts',
      'core-imports-only-infra-types: server/core/bad.ts -> server/modules/catalog/listCourses.ts',
      'no-http-below-the-edge: server/core/bad.ts -> server/http/appContext.ts',
    ]);
  });

  it('keep common/ free of server/, app/ and Node builtins', async () => {
    const found = await violations({
      'common/bad.ts':
        `import type { Config } from '#server/config.ts';\nimport { load } from '../app/lib/courses.server.ts';\n` +
        `import { randomUUID } from 'node:crypto';\nexport const x = [load, randomUUID];\nexport type Y = Config;\n`,
    });
    expect(found).toEqual([
      'common-is-standalone: common/bad.ts -> app/lib/courses.server.ts',
      'common-is-standalone: common/bad.ts -> server/config.ts',
      'common-no-node-builtins: common/bad.ts -> crypto',
    ]);
  });

  it('let app/ reach server/ only from *.server.ts(x) files, type imports included', async () => {
    const found = await violations({
      'app/components/Bad.tsx':
        `import type { Services } from '#server/core/services.ts';\n` +
        `import { AppError } from '../../server/core/errors.ts';\n` +
        `export const Bad = (_: { s?: Services }) => AppError;\n`,
      'app/lib/fine.server.tsx': `import { AppError } from '#server/core/errors.ts';\nexport const e = AppError;\n`,
    });
    expect(found).toEqual([
      'app-reaches-server-only-through-server-files: app/components/Bad.tsx -> server/core/errors.ts',
      'app-reaches-server-only-through-server-files: app/components/Bad.tsx -> server/core/services.ts',
    ]);
  });

  it('forbid import cycles with a run-time edge (reported once per cycle), and unresolvable imports', async () => {
    const found = await violations({
      'server/modules/b/one.ts': `import { two } from './two.ts';\nexport const one = () => two;\n`,
      'server/modules/b/two.ts': `import { one } from '#server/modules/b/one.ts';\nexport const two = () => one;\n`,
      'server/modules/b/three.ts': `import { nope } from './missing.ts';\nexport const three = nope;\n`,
    });
    expect(found).toEqual([
      'no-circular: server/modules/b/one.ts -> server/modules/b/two.ts',
      'no-unresolvable: server/modules/b/three.ts -> ./missing.ts',
    ]);
  });
});
