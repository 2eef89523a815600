// The production bundle (build/server/index.js, made by `npm run build` before this suite) holds no
// simulator code: the simulators are programs of their own that `npm start` runs beside the app (decision
// 0035). The server bundle is not minified, so the functions simulators/ exports would be there by name if
// any simulator file had been pulled in.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** Names of the functions exported by the .ts files under `dir`, tests left out. */
function exportedFunctions(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^export (?:async )?function (\w+)/gm)])
    .map((m) => m[1]!);
}

test('the server bundle holds no simulator code', () => {
  const code = fs.readFileSync(path.resolve('build/server/index.js'), 'utf8');
  const declares = (name: string) => new RegExp(`\\bfunction ${name}\\b`).test(code);
  // The check sees bundled code by its functions' names: the composition root's are there.
  for (const name of ['startServer', 'startWebProcesses', 'startSimulatorProcesses']) {
    expect(declares(name), name).toBe(true);
  }
  const simulatorFunctions = exportedFunctions('simulators');
  expect(simulatorFunctions).toEqual(expect.arrayContaining(['createMpesaSimulator', 'createSmsSimulator']));
  expect(simulatorFunctions.filter(declares)).toEqual([]);
});
