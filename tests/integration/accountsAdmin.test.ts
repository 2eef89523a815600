// Admins come only from the admin:create command or ADMIN_EMAIL/ADMIN_PASSWORD; demo mode gives every kind of
// user a known password.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { DEMO_PASSWORD, ensureDemoAccounts } from '#server/seed/ensureDemoAccounts.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client } from '#tests/support/httpClient.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const roleAfterSignIn = async (url: string, email: string, password: string) => {
  const res = await new Client(url).signIn(email, password);
  return res.status === 200 ? ((await res.json()) as { user: { role: string } }).user.role : res.status;
};

it('creates the configured admin once, on the first start', async () => {
  const env = { ADMIN_EMAIL: 'Chief@Example.com', ADMIN_PASSWORD: 'chief-secret' };
  const app = await startApp(cleanups, env);
  expect(await roleAfterSignIn(app.url, 'chief@example.com', 'chief-secret')).toBe('admin');
  await app.running.stop();
  const again = await startApp(cleanups, { ...env, ADMIN_PASSWORD: 'changed-secret' }, app.t);
  expect(await roleAfterSignIn(again.url, 'chief@example.com', 'chief-secret')).toBe('admin');
  expect(await again.t.db.selectFrom('user').select('id').where('role', '=', 'admin').execute()).toHaveLength(1);
});

it('npm run admin:create makes an admin from the command line, refusing bad input and duplicates', async () => {
  const app = await startApp(cleanups);
  const env = {
    ...process.env,
    DATA_DIR: app.t.dataDir,
    LOG_LEVEL: 'silent',
    ...(app.t.url ? { DATABASE_URL: app.t.url } : {}),
  };
  const run = (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'scripts/admin-create.ts', ...args],
      { env },
    ).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
  expect(await run('--email', 'ops@example.com', '--password', 'ops-secret', '--name', 'Ops')).toMatchObject({
    code: 0,
  });
  expect(await roleAfterSignIn(app.url, 'ops@example.com', 'ops-secret')).toBe('admin');
  expect(await run('--email', 'OPS@example.com', '--password', 'ops-secret')).toMatchObject({
    code: 1,
    out: expect.stringMatching(/already exists/),
  });
  expect(await run('--email', 'not-an-email', '--password', 'ops-secret')).toMatchObject({
    code: 1,
    out: expect.stringMatching(/valid email/),
  });
  expect(await run('--email', 'x@example.com', '--password', '12345')).toMatchObject({
    code: 1,
    out: expect.stringMatching(/at least 6/),
  });
  expect(await app.t.db.selectFrom('user').select('email').where('role', '=', 'admin').execute()).toEqual([
    { email: 'ops@example.com' },
  ]);
}, 60_000);

it('demo mode: the seeded creators, an admin and a learner all sign in with the demo password', async () => {
  const app = await startApp(cleanups);
  await make.user(app.t.db, { email: 'creator@darasa.test', role: 'creator' });
  await ensureDemoAccounts(app.running.services);
  await ensureDemoAccounts(app.running.services); // idempotent: a restart changes nothing
  expect(await roleAfterSignIn(app.url, 'creator@darasa.test', DEMO_PASSWORD)).toBe('creator');
  expect(await roleAfterSignIn(app.url, 'admin@darasa.test', DEMO_PASSWORD)).toBe('admin');
  expect(await roleAfterSignIn(app.url, 'learner@darasa.test', DEMO_PASSWORD)).toBe('customer');
  const accounts = await app.t.db.selectFrom('account').select(['userId', 'password']).execute();
  expect(new Set(accounts.map((a) => a.userId)).size).toBe(accounts.length);
  // Each account has its own salt: one published password never shows as equal hashes.
  expect(new Set(accounts.map((a) => a.password)).size).toBe(accounts.length);
});
