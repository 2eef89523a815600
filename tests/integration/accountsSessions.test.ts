// Sessions over real HTTP: cookie attributes, sign-in errors, sign-out ending the session on the server,
// sessions surviving a restart, suspension, foreign origins and rate limits.
import { afterEach, describe, expect, it } from 'vitest';
import { restoreUserInTx } from '#server/modules/accounts/restoreUser.ts';
import { suspendUserInTx } from '#server/modules/accounts/suspendUser.ts';
import { TOO_MANY_ATTEMPTS } from '#server/modules/accounts/limitAuthAttempts.ts';
import { createTestDatabase } from '../support/testDatabase.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

async function signedUp(url: string, over: Record<string, unknown> = {}) {
  const c = new Client(url);
  const reg = newRegistration(over);
  const res = await c.register(reg);
  expect(res.status).toBe(201);
  const { user } = (await res.json()) as { user: { userId: string } };
  return { c, reg, userId: user.userId };
}

describe('sign-in and cookies', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie (Secure when PUBLIC_URL is https) and refuses bad credentials alike', async () => {
    const app = await startApp(cleanups);
    const { reg } = await signedUp(app.url);
    const c = new Client(app.url);
    const ok = await c.signIn(reg.email.toUpperCase(), reg.password);
    expect(ok.status).toBe(200);
    const [cookie] = ok.headers.getSetCookie().filter((h) => h.startsWith('darasa.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    for (const [email, password] of [
      [reg.email, 'wrong-password'],
      ['nobody@example.com', reg.password],
    ]) {
      const bad = await new Client(app.url).signIn(email!, password!);
      expect(bad.status).toBe(401);
      expect(await errorOf(bad)).toBe('Invalid email or password');
      expect(bad.headers.getSetCookie()).toEqual([]);
    }
    const missing = await new Client(app.url).request('/api/account/sign-in', {
      method: 'POST',
      json: { email: reg.email },
    });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toBe('Password is required');

    const secureApp = await startApp(cleanups, { PUBLIC_URL: 'https://darasa.example' });
    const secure = new Client(secureApp.url, 'https://darasa.example');
    const res = await secure.register(newRegistration());
    expect(res.status).toBe(201);
    const secureCookie = res.headers.getSetCookie().find((h) => h.includes('session_token='));
    expect(secureCookie).toMatch(/^__Secure-darasa\.session_token=.*; Secure/i);
  });

  it.each([
    ['no email', { password: 'secret1' }, 400, 'Email is required'],
    ['no password', { email: 'a@example.com' }, 400, 'Password is required'],
    ['blank email', { email: '  ', password: 'secret1' }, 400, 'Email is required'],
    ['malformed email', { email: 'not-an-email', password: 'secret1' }, 401, 'Invalid email or password'],
    [
      '10 KB email',
      { email: `${'a'.repeat(10240)}@example.com`, password: 'secret1' },
      400,
      'Invalid email or password',
    ],
    ['10 KB password', { email: 'a@example.com', password: 'p'.repeat(10240) }, 400, 'Invalid email or password'],
    ['wrong types', { email: ['a@example.com'], password: 123456 }, 400, 'Email is required'],
  ])('sign-in with %s → %i "%s", no session', async (_label, body, status, message) => {
    const app = await startApp(cleanups);
    const res = await new Client(app.url).request('/api/account/sign-in', { method: 'POST', json: body });
    expect(res.status).toBe(status);
    expect(await errorOf(res)).toBe(message);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await app.t.db.selectFrom('session').select('id').execute()).toEqual([]);
  });

  it('signing out deletes the session on the server: the old cookie no longer works', async () => {
    const app = await startApp(cleanups);
    const { c, userId } = await signedUp(app.url);
    const stolen = c.cookieHeader;
    expect((await c.session())?.user.id).toBe(userId);
    const out = await c.request('/logout', { method: 'POST' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expect(await app.t.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).toEqual([]);
    const replay = await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie: stolen } });
    expect(await replay.json()).toBeNull();
    const list = await fetch(`${app.url}/api/my-list`, { headers: { cookie: stolen } });
    expect(list.status).toBe(401);
  });

  it('ignores a cookie whose signature does not match, and extends a session after a day of use', async () => {
    const app = await startApp(cleanups);
    const { c, userId } = await signedUp(app.url);
    const [name, value] = [...c.cookies].find(([k]) => k.endsWith('session_token'))!;
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32).toString('base64')}`)}`;
    expect((await fetch(`${app.url}/api/my-list`, { headers: { cookie: forged } })).status).toBe(401);
    expect((await fetch(`${app.url}/api/my-list`, { headers: { cookie: `${name}=${token}` } })).status).toBe(401);

    // Two days into a 30-day session: the next request extends it and renews the cookie.
    const day = 24 * 3600 * 1000;
    await app.t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() + 28 * day) })
      .where('userId', '=', userId)
      .execute();
    const res = await c.request('/api/my-list');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/darasa\.session_token=.*Max-Age=2592000/);
    const row = await app.t.db
      .selectFrom('session')
      .select('expiresAt')
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * day);

    // Past its expiry the session is gone.
    await app.t.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', userId)
      .execute();
    expect((await c.request('/api/my-list')).status).toBe(401);
  });

  it('keeps sessions across a server restart', async () => {
    const t = await createTestDatabase();
    cleanups.push(() => t.close());
    const first = await startApp(cleanups, {}, t);
    const { c, userId } = await signedUp(first.url);
    const cookie = c.cookieHeader;
    await first.running.stop();
    const second = await startApp(cleanups, {}, t);
    const res = await fetch(`${second.url}/api/auth/get-session`, { headers: { cookie } });
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(userId);
  });

  it('a suspended user loses their sessions and cannot sign in until restored', async () => {
    const app = await startApp(cleanups);
    const { c, reg, userId } = await signedUp(app.url);
    const cookie = c.cookieHeader;
    expect(await suspendUserInTx(app.t.db, { userId })).toBe(true);
    expect(await (await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie } })).json()).toBeNull();
    const refused = await new Client(app.url).signIn(reg.email, reg.password);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatch(/suspended/);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await app.t.db.selectFrom('session').select('id').where('userId', '=', userId).execute()).toEqual([]);

    expect(await restoreUserInTx(app.t.db, { userId })).toBe(true);
    expect((await new Client(app.url).signIn(reg.email, reg.password)).status).toBe(200);
    expect(await suspendUserInTx(app.t.db, { userId: 'no-such-user' })).toBe(false);
  });

  it('refuses requests from a foreign origin, creating nothing', async () => {
    const app = await startApp(cleanups, { PUBLIC_URL: 'https://darasa.example' });
    const reg = newRegistration();
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of foreign) {
      const res = await fetch(`${app.url}/api/account/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(reg),
      });
      expect(res.status).toBe(403);
    }
    const signOut = await fetch(`${app.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(signOut.status).toBe(403);
    expect(await app.t.db.selectFrom('user').select('id').execute()).toEqual([]);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account and address with a clear 429, shared through the database; past the account-wide limit the owner gets a code step, not a 429', async () => {
    const env = { AUTH_LIMIT_PER_ACCOUNT: '3', AUTH_LIMIT_PER_IP: '0', TRUST_PROXY: 'true' };
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const app = await startApp(cleanups, env);
    const { reg } = await signedUp(app.url);
    for (let i = 0; i < 3; i++)
      expect((await new Client(app.url).signIn(reg.email, 'wrong-one', from('203.0.113.1'))).status).toBe(401);
    const blocked = await new Client(app.url).signIn(reg.email.toUpperCase(), reg.password, from('203.0.113.1'));
    expect(blocked.status).toBe(429);
    expect(await errorOf(blocked)).toBe(TOO_MANY_ATTEMPTS);
    // A second process on the same database sees the same counters.
    const other = await startApp(cleanups, env, app.t);
    expect((await new Client(other.url).signIn(reg.email, reg.password, from('203.0.113.1'))).status).toBe(429);
    // Refused attempts spend nothing: 3 addresses × 3 wrong, plus as many refused, leave the account-wide
    // budget (30) with room, and the owner elsewhere signs in at once.
    for (let a = 2; a <= 3; a++)
      for (let i = 0; i < 6; i++) await new Client(app.url).signIn(reg.email, 'wrong-one', from(`203.0.113.${a}`));
    expect((await new Client(app.url).signIn(reg.email, reg.password, from('198.51.100.1'))).status).toBe(200);
    // Past the account-wide budget the right password from a new address gets a code step instead.
    for (let a = 10; a < 17; a++)
      for (let i = 0; i < 3; i++) await new Client(app.url).signIn(reg.email, 'wrong-one', from(`203.0.113.${a}`));
    const step = await new Client(app.url).signIn(reg.email, reg.password, from('198.51.100.2'));
    expect(step.status).toBe(202);
    expect(((await step.json()) as { codeRequired: { challengeId: string } }).codeRequired.challengeId).toBeTruthy();
    // Another account is not affected.
    const second = await signedUp(app.url);
    expect((await new Client(app.url).signIn(second.reg.email, second.reg.password)).status).toBe(200);
  }, 120_000);

  it('limits sign-ups and sign-ins per client address', async () => {
    const app = await startApp(cleanups, { AUTH_LIMIT_PER_IP: '2', AUTH_LIMIT_PER_ACCOUNT: '0' });
    await signedUp(app.url);
    await signedUp(app.url);
    const before = await app.t.db.selectFrom('user').select('id').execute();
    const third = await new Client(app.url).register(newRegistration());
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await errorOf(third)).toBe(TOO_MANY_ATTEMPTS);
    expect(await app.t.db.selectFrom('user').select('id').execute()).toHaveLength(before.length);
    for (let i = 0; i < 2; i++)
      expect((await new Client(app.url).signIn(`x${i}@example.com`, 'secret1')).status).toBe(401);
    expect((await new Client(app.url).signIn('x9@example.com', 'secret1')).status).toBe(429);
  });
});
