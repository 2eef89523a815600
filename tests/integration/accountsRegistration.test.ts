// Sign-up over HTTP on a real server: every kind of bad input is a readable 4xx that leaves nothing behind,
// good input in any script works, and simultaneous sign-ups get distinct profile numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { startApp, type App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
beforeAll(async () => {
  // Limits off here: this file makes many sign-ups from one address (limits have their own tests).
  app = await startApp(cleanups, { AUTH_LIMIT_PER_IP: '0', AUTH_LIMIT_PER_ACCOUNT: '0' });
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Everything a sign-up can write. */
async function footprint() {
  const db = app.t.db;
  const count = async (table: 'user' | 'account' | 'session' | 'creatorProfile' | 'customerProfile') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counters = await db.selectFrom('counter').selectAll().orderBy('name').execute();
  return {
    users: await count('user'),
    accounts: await count('account'),
    sessions: await count('session'),
    creators: await count('creatorProfile'),
    customers: await count('customerProfile'),
    counters: counters.map((c) => `${c.name}=${Number(c.value)}`),
  };
}

const without = (field: string) => {
  const r: Record<string, unknown> = newRegistration();
  delete r[field];
  return r;
};

const badInputs: [string, () => unknown, RegExp][] = [
  ['no name', () => without('name'), /Full name is required/],
  ['blank name', () => newRegistration({ name: '   ' }), /Full name is required/],
  ['no email', () => without('email'), /Email is required/],
  ['no password', () => without('password'), /Password is required/],
  ['no phone', () => without('phone'), /Phone number is required/],
  ['no role', () => without('role'), /Learn \(Customer\) or Teach \(Creator\)/],
  ['email without @', () => newRegistration({ email: 'wanjiru.example.com' }), /valid email/],
  ['email without domain', () => newRegistration({ email: 'wanjiru@' }), /valid email/],
  ['email with spaces', () => newRegistration({ email: 'wan jiru@example.com' }), /valid email/],
  ['email of 300 characters', () => newRegistration({ email: `${'a'.repeat(290)}@example.com` }), /valid email/],
  ['5-character password', () => newRegistration({ password: '12345' }), /at least 6 characters/],
  ['phone with letters', () => newRegistration({ phone: '+254 7123abc45' }), /Kenyan phone number/],
  ['phone with 10 digits', () => newRegistration({ phone: '+254 7123456789' }), /Kenyan phone number/],
  ['phone with 8 digits', () => newRegistration({ phone: '+254 71234567' }), /Kenyan phone number/],
  ['phone of another country', () => newRegistration({ phone: '+255 712345678' }), /Kenyan phone number/],
  ['phone without +254', () => newRegistration({ phone: '0712345678' }), /Kenyan phone number/],
  ['role admin', () => newRegistration({ role: 'admin' }), /Learn \(Customer\) or Teach \(Creator\)/],
  ['role ADMIN', () => newRegistration({ role: 'ADMIN' }), /Learn \(Customer\) or Teach \(Creator\)/],
  ['10 KB name', () => newRegistration({ name: 'N'.repeat(10 * 1024) }), /at most 100 characters/],
  ['name with control characters', () => newRegistration({ name: 'Juma\u0007' }), /not allowed/],
  // A NUL anywhere makes the body unreadable before any field is looked at (server/http/jsonBody.ts).
  ['name with a NUL', () => newRegistration({ name: 'Juma\u0000' }), /could not be read/],
  ['fields of the wrong type', () => newRegistration({ name: 42, role: ['creator'] }), /Full name is required/],
];

describe('sign-up with bad input', () => {
  it.each(badInputs)('%s → 400 with a readable message, nothing written', async (_label, body, message) => {
    const before = await footprint();
    const res = await new Client(app.url).register(body());
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { message: string } };
    expect(json.error.message).toMatch(message);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a tampered role=admin in a form post too, and a body that is not JSON', async () => {
    const before = await footprint();
    const c = new Client(app.url);
    const form = new URLSearchParams({ ...(newRegistration({ role: 'admin' }) as Record<string, string>) });
    const res = await c.request('/api/account/register', {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    const broken = await c.request('/api/account/register', {
      method: 'POST',
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await footprint()).toEqual(before);
    expect(await app.t.db.selectFrom('user').select('id').where('role', '=', 'admin').execute()).toEqual([]);
  });

  it('refuses an email already used in another letter case (409), leaving no partial account', async () => {
    const first = newRegistration({ role: 'creator' });
    expect((await new Client(app.url).register(first)).status).toBe(201);
    const before = await footprint();
    const res = await new Client(app.url).register(
      newRegistration({ email: first.email.toUpperCase(), role: 'creator' }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/already exists/);
    expect(await footprint()).toEqual(before);
  });
});

describe('sign-up with good input', () => {
  it.each([
    ['Yoruba with tones', 'Ṣadé Ọláòṣebìkan'],
    ['Amharic', 'ሰላም ለዓለም'],
    ['Arabic', 'مريم الحسن'],
    ['Chinese', '李雷'],
    ['emoji', 'Juma 🚀🇰🇪'],
  ])('accepts a name in %s and keeps it exactly', async (_label, name) => {
    const reg = newRegistration({
      name,
      email: `  MiXeD.${Math.random().toString(36).slice(2)}@Example.COM `,
      phone: '+254 1-1234 5678',
    });
    const c = new Client(app.url);
    const res = await c.register(reg);
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      user: { userId: string; name: string; email: string; role: string };
      uniqueId: string;
    };
    expect(body.user.name).toBe(name);
    const user = await app.t.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', body.user.userId)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe((reg.email as string).trim().toLowerCase());
    expect(user.phone).toBe('+254112345678');
    expect(user.role).toBe('customer');
    const profile = await app.t.db
      .selectFrom('customerProfile')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ uniqueId: body.uniqueId, name, email: user.email, phone: '+254112345678' });
    expect((await c.session())?.user.id).toBe(user.id);
  });

  it('numbers 50 simultaneous sign-ups with 50 distinct ids per role, counters matching', async () => {
    const before = await app.t.db.selectFrom('counter').selectAll().execute();
    const start = (name: string) => Number(before.find((c) => c.name === name)?.value ?? 0);
    const regs = Array.from({ length: 50 }, (_, i) => newRegistration({ role: i % 2 ? 'creator' : 'customer' }));
    const results = await Promise.all(regs.map((r) => new Client(app.url).register(r)));
    expect(results.map((r) => r.status)).toEqual(regs.map(() => 201));
    const ids = await Promise.all(results.map(async (r) => ((await r.json()) as { uniqueId: string }).uniqueId));
    expect(new Set(ids).size).toBe(50);
    const creators = ids
      .filter((id) => id.startsWith('C'))
      .map((id) => Number(id.slice(1)))
      .sort((a, b) => a - b);
    const customers = ids
      .filter((id) => id.startsWith('L'))
      .map((id) => Number(id.slice(1)))
      .sort((a, b) => a - b);
    expect(creators).toEqual(Array.from({ length: 25 }, (_, i) => start('creatorCount') + i + 1));
    expect(customers).toEqual(Array.from({ length: 25 }, (_, i) => start('customerCount') + i + 1));
  }, 180_000); // 100 deliberate scrypt runs (hash + sign-in) on a shared machine
});
