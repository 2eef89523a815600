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
  imports: {
    '#app/*': './app/*',
    '#common/*': './common/*',
    '#server/*': './server/*',
    '#simulators/*': './simulators/*',
  },
});

// A tree that follows every rule; each test adds or replaces files in it.
const compliant: Record<string, string> = {
  'common/roles.ts': `export type Role = 'customer' | 'admin';\n`,
  'server/config/config.ts':
    `export type Config = { port: number };\n` + `export const loadConfig = (): Config => ({ port: 1 });\n`,
  'server/core/errors.ts': `export class AppError extends Error {}\n`,
  'server/core/services.ts':
    `import type { Config } from '../config/config.ts';\nimport type { Role } from '#common/roles.ts';\n` +
    `export type Services = { config: Config; role: Role };\n`,
  'server/lib/ids.ts': `export const newId = () => 'x';\n`,
  'server/db/connect.ts': `import { newId } from '#server/lib/ids.ts';\nexport const connect = () => newId();\n`,
  // A test beside infrastructure may import a module to arrange its case.
  'server/storage/store.test.ts': `import { listCourses } from '../modules/catalog/listCourses.ts';\nexport const t = listCourses;\n`,
  'server/modules/shared/audit.ts': `import { newId } from '#server/lib/ids.ts';\nexport const audit = () => newId();\n`,
  'server/modules/catalog/listCourses.ts':
    `import { AppError } from '#server/core/errors.ts';\nimport { audit } from '../shared/audit.ts';\n` +
    `import type { Services } from '../../core/services.ts';\n` +
    `export const listCourses = (s: Services) => { if (!s) throw new AppError(); audit(); return []; };\n`,
  'server/modules/catalog/listCourses.test.ts': `import { start } from '#server/composition/start.ts';\nexport const t = start;\n`,
  'server/edge/requestContext.ts': `import type { Services } from '../core/services.ts';\nexport type Ctx = Services;\n`,
  'server/http/routes.ts':
    `import { listCourses } from '../modules/catalog/listCourses.ts';\nimport type { Ctx } from '#server/edge/requestContext.ts';\n` +
    `export const routes = [listCourses];\nexport type C = Ctx;\n`,
  'server/seed/seed.ts': `import { listCourses } from '#server/modules/catalog/listCourses.ts';\nexport const seed = listCourses;\n`,
  'server/composition/start.ts':
    `import { routes } from '../http/routes.ts';\nimport { seed } from '#server/seed/seed.ts';\nimport { connect } from '#server/db/connect.ts';\n` +
    `export const start = () => [routes, seed, connect];\n`,
  'server/main.ts': `import { start } from './composition/start.ts';\nstart();\n`,
  // A cycle made only of `import type` edges is allowed.
  'server/modules/a/typesA.ts': `import type { B } from './typesB.ts';\nexport type A = { b?: B };\n`,
  'server/modules/a/typesB.ts': `import type { A } from './typesA.ts';\nexport type B = { a?: A };\n`,
  'app/lib/courses.server.ts':
    `import { listCourses } from '#server/modules/catalog/listCourses.ts';\nimport type { Ctx } from '#server/edge/requestContext.ts';\n` +
    `export const load = listCourses;\nexport type C = Ctx;\n`,
  'app/routes/home.tsx':
    `import type { Route } from './+types/home';\nimport type { Role } from '#common/roles.ts';\n` +
    `import { load } from '../lib/courses.server.ts';\nexport const loader = load;\n` +
    `export default function Home(_: { r?: Route; role?: Role }) { return null; }\n`,
  // A simulator is a program of its own: Node built-ins, common/ and its own files.
  'simulators/lib/listen.ts': `import http from 'node:http';\nexport const listen = () => http.createServer();\n`,
  'simulators/sms/main.ts':
    `import type { Role } from '#common/roles.ts';\nimport { listen } from '#simulators/lib/listen.ts';\n` +
    `export const main = (_: Role) => listen();\n`,
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
  const dirs = ['app', 'server', 'common', 'simulators'];
  const args = [cli, '--config', config, '--output-type', 'json', '--no-progress', ...dirs];
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

  it('forbid modules and seed from importing server/http or server/edge', async () => {
    const found = await violations({
      'server/modules/catalog/bad.ts': `import type { Ctx } from '#server/edge/requestContext.ts';\nexport type X = Ctx;\n`,
      'server/seed/bad.ts': `import { routes } from '../http/routes.ts';\nexport const x = routes;\n`,
    });
    expect(found).toEqual([
      'no-http-below-the-edge: server/modules/catalog/bad.ts -> server/edge/requestContext.ts',
      'no-http-below-the-edge: server/seed/bad.ts -> server/http/routes.ts',
    ]);
  });

  it('keep server/core free of features and of infrastructure code (infrastructure types are fine)', async () => {
    const found = await violations({
      'server/core/bad.ts':
        `import type { Ctx } from '../edge/requestContext.ts';\n` +
        `import { listCourses } from '#server/modules/catalog/listCourses.ts';\n` +
        `import { connect } from '../db/connect.ts';\nimport type { Config } from '../config/config.ts';\n` +
        `export const x = [listCourses, connect];\nexport type Y = Ctx | Config;\n`,
    });
    expect(found).toEqual([
      'core-imports-no-features: server/core/bad.ts -> server/edge/requestContext.ts',
      'core-imports-no-features: server/core/bad.ts -> server/modules/catalog/listCourses.ts',
      'core-imports-only-infra-types: server/core/bad.ts -> server/db/connect.ts',
      'core-imports-only-infra-types: server/core/bad.ts -> server/modules/catalog/listCourses.ts',
    ]);
  });

  it('keep infrastructure below the modules (tests free)', async () => {
    const found = await violations({
      'server/jobs/bad.ts': `import { routes } from '../http/routes.ts';\nexport const x = routes;\n`,
      'server/db/bad.ts': `import { routes } from '#server/http/routes.ts';\nexport const x = routes;\n`,
      'server/storage/bad.ts': `import { listCourses } from '../modules/catalog/listCourses.ts';\nexport const x = listCourses;\n`,
      'server/sms/bad.ts': `import type { Ctx } from '#server/edge/requestContext.ts';\nexport type X = Ctx;\n`,
      'server/uploadLocks/bad.ts': `import { seed } from '#server/seed/seed.ts';\nexport const x = seed;\n`,
      'server/auth/createAuth.ts': `import { listCourses } from '#server/modules/catalog/listCourses.ts';\nexport const x = listCourses;\n`,
    });
    expect(found).toEqual([
      'infrastructure-imports-no-features: server/auth/createAuth.ts -> server/modules/catalog/listCourses.ts',
      'infrastructure-imports-no-features: server/db/bad.ts -> server/http/routes.ts',
      'infrastructure-imports-no-features: server/jobs/bad.ts -> server/http/routes.ts',
      'infrastructure-imports-no-features: server/sms/bad.ts -> server/edge/requestContext.ts',
      'infrastructure-imports-no-features: server/storage/bad.ts -> server/modules/catalog/listCourses.ts',
      'infrastructure-imports-no-features: server/uploadLocks/bad.ts -> server/seed/seed.ts',
    ]);
  });

  it('keep server/lib to itself', async () => {
    const found = await violations({
      'server/lib/bad.ts':
        `import { AppError } from '../core/errors.ts';\nimport { connect } from '#server/db/connect.ts';\n` +
        `import { newId } from './ids.ts';\nexport const x = [AppError, connect, newId];\n`,
    });
    expect(found).toEqual([
      'lib-is-standalone: server/lib/bad.ts -> server/core/errors.ts',
      'lib-is-standalone: server/lib/bad.ts -> server/db/connect.ts',
    ]);
  });

  it('keep modules below the composition root, and modules/shared free of other modules', async () => {
    const found = await violations({
      'server/modules/catalog/bad.ts':
        `import { seed } from '#server/seed/seed.ts';\nimport { start } from '../../composition/start.ts';\n` +
        `import '../../main.ts';\nexport const x = [seed, start];\n`,
      'server/modules/shared/bad.ts':
        `import { listCourses } from '../catalog/listCourses.ts';\nimport { audit } from './audit.ts';\n` +
        `export const x = [listCourses, audit];\n`,
    });
    expect(found).toEqual([
      'composition-only-from-main: server/modules/catalog/bad.ts -> server/composition/start.ts',
      'modules-below-the-composition-root: server/modules/catalog/bad.ts -> server/main.ts',
      'modules-below-the-composition-root: server/modules/catalog/bad.ts -> server/seed/seed.ts',
      'shared-module-imports-no-module: server/modules/shared/bad.ts -> server/modules/catalog/listCourses.ts',
    ]);
  });

  it('let only server/main.ts import the composition root (tests may)', async () => {
    const found = await violations({
      'server/http/bad.ts': `import { start } from '#server/composition/start.ts';\nexport const x = start;\n`,
      'app/lib/bad.server.ts': `import { start } from '#server/composition/start.ts';\nexport const x = start;\n`,
      'server/seed/seed.test.ts': `import { start } from '../composition/start.ts';\nexport const x = start;\n`,
    });
    expect(found).toEqual([
      'composition-only-from-main: app/lib/bad.server.ts -> server/composition/start.ts',
      'composition-only-from-main: server/http/bad.ts -> server/composition/start.ts',
    ]);
  });

  it('keep app/ and server/edge off server/http', async () => {
    const found = await violations({
      'app/lib/bad.server.ts': `import { routes } from '#server/http/routes.ts';\nexport const x = routes;\n`,
      'server/edge/bad.ts':
        `import { routes } from '../http/routes.ts';\nimport { load } from '#app/lib/courses.server.ts';\n` +
        `export const x = [routes, load];\n`,
    });
    expect(found).toEqual([
      'app-never-imports-http: app/lib/bad.server.ts -> server/http/routes.ts',
      'edge-imports-no-features: server/edge/bad.ts -> app/lib/courses.server.ts',
      'edge-imports-no-features: server/edge/bad.ts -> server/http/routes.ts',
    ]);
  });

  it('keep common/ free of server/, app/ and Node builtins', async () => {
    const found = await violations({
      'common/bad.ts':
        `import type { Config } from '#server/config/config.ts';\nimport { load } from '../app/lib/courses.server.ts';\n` +
        `import { randomUUID } from 'node:crypto';\nexport const x = [load, randomUUID];\nexport type Y = Config;\n`,
    });
    expect(found).toEqual([
      'common-is-standalone: common/bad.ts -> app/lib/courses.server.ts',
      'common-is-standalone: common/bad.ts -> server/config/config.ts',
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

  it('keep simulators/ free of server/ and app/ code, types included', async () => {
    const found = await violations({
      'simulators/mpesa/bad.ts':
        `import type { Config } from '#server/config/config.ts';\nimport { connect } from '../../server/db/connect.ts';\n` +
        `import { load } from '#app/lib/courses.server.ts';\nexport const x = [connect, load];\nexport type Y = Config;\n`,
    });
    expect(found).toEqual([
      'simulators-are-standalone: simulators/mpesa/bad.ts -> app/lib/courses.server.ts',
      'simulators-are-standalone: simulators/mpesa/bad.ts -> server/config/config.ts',
      'simulators-are-standalone: simulators/mpesa/bad.ts -> server/db/connect.ts',
    ]);
  });

  it('keep simulators/ out of server/, app/ and common/ (so out of the bundle), types included', async () => {
    const found = await violations({
      'server/composition/bad.ts': `import { listen } from '#simulators/lib/listen.ts';\nexport const x = listen;\n`,
      'app/lib/bad.server.ts': `import type { main } from '../../simulators/sms/main.ts';\nexport type X = typeof main;\n`,
      'common/bad.ts': `import { main } from '#simulators/sms/main.ts';\nexport const x = main;\n`,
    });
    expect(found).toEqual([
      'no-simulators-in-the-app: app/lib/bad.server.ts -> simulators/sms/main.ts',
      'no-simulators-in-the-app: common/bad.ts -> simulators/sms/main.ts',
      'no-simulators-in-the-app: server/composition/bad.ts -> simulators/lib/listen.ts',
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
