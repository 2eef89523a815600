// `npm start` (the web processes' primary, from the sources) with simulated payments and SMS: a real
// site's settings refuse to start unless DEMO_MODE asks for it, and a start on a public HOST prints a
// banner with the simulators' loopback pages and a loud warning (decision 0041).
import { afterEach, expect, it } from 'vitest';
import { type ChildServer, startWebProcessesChild } from '../support/serverProcess.ts';
import { testServerEnv } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function database(): Promise<TestDatabase> {
  const t = await createTestDatabase();
  cleanups.push(() => t.close());
  return t;
}

function stopped(server: ChildServer) {
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  };
}

it('refuses a public https PUBLIC_URL with simulators, naming the setting and the demo switch', async () => {
  const t = await database();
  const start = startWebProcessesChild(
    testServerEnv(t, { WEB_PROCESSES: '1', PUBLIC_URL: 'https://darasa.example', DEMO_MODE: 'false' }),
  );
  start.then((s) => cleanups.push(stopped(s))).catch(() => {});
  await expect(start).rejects.toThrow(
    /process exited with 1[\s\S]*Refusing to start: M-Pesa and SMS are simulated[\s\S]*PUBLIC_URL is a public https site \(https:\/\/darasa\.example\)[\s\S]*DEMO_MODE=1/,
  );
}, 120_000);

it('on a public HOST, says loudly that payments and SMS are simulated and where their pages are', async () => {
  const t = await database();
  const server = await startWebProcessesChild(testServerEnv(t, { WEB_PROCESSES: '1', HOST: '0.0.0.0' }));
  cleanups.push(stopped(server));
  await expect.poll(() => server.errors()).toMatch(/WARNING: HOST=0\.0\.0\.0 lets other machines reach this site/);
  const banner = server.errors();
  expect(banner).toMatch(/PAYMENTS \(M-Pesa\) AND SMS ARE SIMULATED: no money moves, no text message is sent/);
  const mpesaPage = /M-Pesa simulator \(this machine only\): (http:\/\/127\.0\.0\.1:\d+\/__mpesa)/.exec(banner)?.[1];
  const smsPage = /SMS simulator \(this machine only\): (http:\/\/127\.0\.0\.1:\d+\/__sms)/.exec(banner)?.[1];
  // The pages printed are the simulators' own, on loopback; the app's port serves neither.
  for (const page of [mpesaPage, smsPage]) {
    expect(page).toBeDefined();
    expect((await fetch(page!)).status).toBe(200);
    expect((await fetch(`${server.url}${new URL(page!).pathname}`)).status).toBe(404);
  }
}, 120_000);
