// Hardening seen from outside: an unexpected content type is a clear 415 and a body that is not JSON a clear
// 400, not a 500; a stranger guessing an owner's password cannot lock the owner out; a __Secure- cookie is
// refused over plain http.
import { afterAll, describe, expect, it } from 'vitest';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('unexpected content types', () => {
  it('answers a multipart body on the JSON sign-in endpoints with 415', async () => {
    const app = await startApp(cleanups);
    for (const path of ['/api/account/sign-in', '/api/account/register']) {
      const form = new FormData();
      form.set('email', 'a@example.com');
      form.set('password', 'secret1');
      const res = await new Client(app.url).request(path, { method: 'POST', body: form });
      expect(res.status, path).toBe(415);
    }
    const broken = await new Client(app.url).request('/api/account/sign-in', {
      method: 'POST',
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });
});

describe('JSON bodies', () => {
  // Every route that reads a JSON body (server/http/jsonBody.ts), with a path that reaches it.
  const ROUTES: [string, string][] = [
    ['POST', '/api/account/sign-in'],
    ['POST', '/api/account/phone/code'],
    ['POST', '/api/account/delete'],
    ['POST', '/api/learning/progress'],
    ['POST', '/api/learning/reviews'],
    ['POST', '/api/offline/check'],
    ['POST', '/api/reviews/x/reply'],
    ['PUT', '/api/studio/profile'],
    ['POST', '/api/studio/courses'],
    ['PUT', '/api/studio/courses/x/episodes/order'],
    ['POST', '/api/coupons/check'],
    ['POST', '/api/payments'],
    ['POST', '/api/mpesa/callback/x'],
    ['POST', '/api/mpesa/receipt/x/x'],
    ['POST', '/api/payments/paybill/validate/x'],
    ['POST', '/api/mpesa/reversal/x'],
    ['POST', '/api/mpesa/b2c/result/x'],
    ['POST', '/api/earnings/withdraw'],
    ['POST', '/api/admin/courses/x/feature'],
    ['POST', '/api/admin/creators/x/adjustments'],
    ['POST', '/api/events'],
  ];

  it('answers a body that is not JSON with 400 invalid_input on every JSON route, whatever its content type', async () => {
    const admin = { email: 'bodies-admin@example.com', password: 'admin-secret-1' };
    const app = await startApp(cleanups, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
    const client = new Client(app.url);
    expect((await client.signIn(admin.email, admin.password)).status).toBe(200);
    const answers: string[] = [];
    for (const [method, path] of ROUTES) {
      // The account endpoints also take forms, and refuse other types (415, above).
      const types = path.startsWith('/api/account/') ? ['application/json'] : ['application/json', 'text/plain'];
      for (const type of types) {
        const res = await client.request(path, { method, body: '{"a":', headers: { 'content-type': type } });
        const { error } = (await res.json()) as { error: { code: string } };
        answers.push(`${method} ${path} ${type} → ${res.status} ${error.code}`);
      }
    }
    expect(answers.filter((a) => !a.endsWith('→ 400 invalid_input'))).toEqual([]);
  });
});

describe('sign-in limits', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('a stranger guessing from elsewhere does not lock the owner out; the guesser is stopped', async () => {
    const app = await startApp(cleanups, { TRUST_PROXY: 'true', AUTH_LIMIT_PER_ACCOUNT: '3', AUTH_LIMIT_PER_IP: '0' });
    const reg = newRegistration();
    expect((await new Client(app.url).register(reg)).status).toBe(201);
    const stranger = new Client(app.url);
    const guesses = [];
    for (let i = 0; i < 5; i++)
      guesses.push((await stranger.signIn(reg.email, `guess-${i}`, from('203.0.113.9'))).status);
    expect(guesses).toEqual([401, 401, 401, 429, 429]);
    // Even the right password is refused to the guesser's address now…
    expect((await stranger.signIn(reg.email, reg.password, from('203.0.113.9'))).status).toBe(429);
    // …but the owner, elsewhere, signs in.
    expect((await new Client(app.url).signIn(reg.email, reg.password, from('198.51.100.4'))).status).toBe(200);
  });

  it('guessing from many addresses is slowed account-wide by a code step, and a known device of the owner signs in straight', async () => {
    const app = await startApp(cleanups, { TRUST_PROXY: 'true', AUTH_LIMIT_PER_ACCOUNT: '2', AUTH_LIMIT_PER_IP: '0' });
    const reg = newRegistration();
    const owner = new Client(app.url);
    expect((await owner.register(reg)).status).toBe(201);
    expect((await owner.signIn(reg.email, reg.password, from('198.51.100.4'))).status).toBe(200);
    // 2 per address × 10 addresses spends the account-wide budget (10 × 2).
    for (let a = 0; a < 11; a++)
      for (let i = 0; i < 2; i++) await new Client(app.url).signIn(reg.email, 'guess', from(`203.0.113.${a}`));
    expect((await new Client(app.url).signIn(reg.email, reg.password, from('192.0.2.77'))).status).toBe(202);
    // The owner's browser carries the known-device cookie from its earlier sign-in.
    expect((await owner.signIn(reg.email, reg.password, from('192.0.2.78'))).status).toBe(200);
  }, 120_000);
});

describe('cookies', () => {
  it('refuses a __Secure- session cookie over plain http, and accepts the plain one only there', async () => {
    const app = await startApp(cleanups);
    const owner = new Client(app.url);
    expect((await owner.register(newRegistration())).status).toBe(201);
    const session = owner.cookies.get('darasa.session_token')!;
    expect(session).toBeTruthy();
    const withCookie = (cookie: string) =>
      fetch(`${app.url}/api/my-list`, { headers: { cookie } }).then((r) => r.status);
    expect(await withCookie(`darasa.session_token=${session}`)).toBe(200);
    expect(await withCookie(`__Secure-darasa.session_token=${session}`)).toBe(401);
  });
});
