// The simulators are programs of their own that `npm start` runs beside the app (decision 0035): the
// production bundle (build/server/index.js, made by `npm run build` before this suite) holds none of their
// code, and the built app's port serves none of their pages, whose addresses are on the simulators' ports.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_MPESA_URL, DEMO_SMS_URL } from './urls.ts';

/** Names of the functions exported by the .ts files under `dir`, tests left out. */
function exportedFunctions(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .flatMap((f) => [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/^export (?:async )?function (\w+)/gm)])
    .map((m) => m[1]!);
}

test('the server bundle holds no simulator code', () => {
  // The server bundle is not minified: a function pulled in from simulators/ would be there by name.
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

test('the simulators’ pages are on their own ports, and a plain 404 on the app’s', async ({ request }) => {
  for (const page of [`${DEMO_MPESA_URL}/__mpesa`, `${DEMO_MPESA_URL}/__mpesa/paybill`, `${DEMO_SMS_URL}/__sms`]) {
    expect((await request.get(page)).status(), page).toBe(200);
  }
  // Not the catch-all's redirect to the landing page that other unknown paths get.
  for (const page of ['/__mpesa', '/__mpesa/paybill', '/__sms', '/__sms/messages.json']) {
    const res = await request.get(page, { maxRedirects: 0 });
    expect([res.status(), await res.text()], page).toEqual([404, 'Not found']);
  }
  const answer = await request.post('/__mpesa/paybill', { form: { account: '1234567', amount: '700' } });
  expect(answer.status()).toBe(404);
});
