// Sign-up over HTTP on a real server: every kind of bad input is a readable 4xx that leaves nothing behind,
// good input in any script works, simultaneous sign-ups get distinct profile numbers, and the e-mailed code
// (decision 0045) is what makes the account: a taken address gets the same answer, its owner a notice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { newestMessageTo, newestSignUpCode, outboxEmails } from '#tests/support/emailOutbox.ts';
import { startApp, type App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
beforeAll(async () => {
  // Limits off here: this file makes many sign-ups from one address (limits have their own tests).
  app = await startApp(cleanups, { AUTH_LIMIT_PER_IP: '0', AUTH_LIMIT_PER_ACCOUNT: '0', OTP_SEND_LIMIT_PER_IP: '0' });
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

type Sent = { challengeId: string; validMinutes: number; resendAfterS: number };
type Refusal = { error: { code: string; message: string } };

/** The form alone: the 202 code step. */
async function start(c: Client, reg: unknown): Promise<Sent> {
  const res = await c.startRegistration(reg);
  expect(res.status).toBe(202);
  return (await res.json()) as Sent;
}

const codeFor = (email: string) => {
  const code = newestSignUpCode(app.t.dataDir, email);
  if (!code) throw new Error(`no sign-up code to ${email}`);
  return code;
};

/** A code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

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

describe('sign-up by e-mail code', () => {
  it('answers a taken address exactly as a new one, apart from the challenge id; the owner gets a notice', async () => {
    const owner = newRegistration({ role: 'creator', locale: 'sw' });
    expect((await new Client(app.url).register(owner)).status).toBe(201);
    const before = await footprint();
    const emailsBefore = outboxEmails(app).length;
    const fresh = newRegistration();
    const probe = async (email: string) => {
      const res = await new Client(app.url).startRegistration(newRegistration({ email }));
      const text = await res.text();
      return {
        status: res.status,
        body: text.replace(/"challengeId":"\w+"/, '"challengeId":"…"'),
        id: (JSON.parse(text) as Sent).challengeId,
      };
    };
    // The taken address in another letter case: still the same account.
    const taken = await probe(owner.email.toUpperCase());
    const unknown = await probe(fresh.email);
    expect(taken.status).toBe(202);
    expect(taken.body).toBe(unknown.body);
    expect(JSON.parse(unknown.body)).toEqual({ challengeId: '…', validMinutes: 5, resendAfterS: 60 });
    expect(taken.id).not.toBe(unknown.id);
    // Nothing is made by the form alone.
    expect(await footprint()).toEqual(before);
    // One e-mail each: the owner's notice (their language, no code), the new address's code.
    expect(outboxEmails(app).length).toBe(emailsBefore + 2);
    const notice = newestMessageTo(app, owner.email);
    expect(notice).toContain('Mtu amejaribu sasa hivi kufungua akaunti ya Darasa kwa barua pepe hii');
    expect(notice).toMatch(/\/login\b/);
    expect(notice).toMatch(/\/forgot-password\b/);
    expect(notice).not.toMatch(/\b\d{6}\b/);
    expect(newestSignUpCode(app.t.dataDir, owner.email)).toBeNull();
    expect(newestMessageTo(app, fresh.email)).toMatch(/Subject: Your Darasa sign-up code/);
    // The decoy's challenge keeps nothing; the new address's keeps the form with the password's hash only.
    const rows = await app.t.db
      .selectFrom('otpChallenge')
      .select(['id', 'payload', 'purpose'])
      .where('id', 'in', [taken.id, unknown.id])
      .execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[taken.id]).toMatchObject({ payload: null, purpose: 'sign-up-email' });
    const kept = JSON.parse(byId[unknown.id]!.payload!) as Record<string, string>;
    expect(Object.keys(kept).sort()).toEqual(['email', 'locale', 'name', 'passwordHash', 'phone', 'role']);
    expect(byId[unknown.id]!.payload).not.toContain(fresh.password);
  });

  it('makes the account with the code, signed in, e-mail proven; the password works afterwards', async () => {
    const reg = newRegistration({ role: 'creator' });
    const c = new Client(app.url);
    const { challengeId } = await start(c, reg);
    expect(await c.session()).toBeNull();
    const res = await c.completeRegistration({ challengeId, code: codeFor(reg.email) });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { user: { userId: string; role: string }; uniqueId: string };
    expect(body.user.role).toBe('creator');
    expect(body.uniqueId).toMatch(/^C\d+$/);
    expect((await c.session())?.user.id).toBe(body.user.userId);
    const user = await app.t.db
      .selectFrom('user')
      .select(['emailVerified'])
      .where('id', '=', body.user.userId)
      .executeTakeFirstOrThrow();
    expect(Boolean(user.emailVerified)).toBe(true);
    expect((await new Client(app.url).signIn(reg.email, reg.password)).status).toBe(200);
  });

  it('creates nothing for a wrong, expired, reused or decoy code', async () => {
    const refused = async (res: Response) => {
      expect(res.status).toBe(400);
      expect(res.headers.getSetCookie()).toEqual([]);
      return ((await res.json()) as Refusal).error.message;
    };
    // Wrong, then right: a wrong guess spends a try, not the code.
    const reg = newRegistration();
    const c = new Client(app.url);
    const { challengeId } = await start(c, reg);
    const code = codeFor(reg.email);
    let before = await footprint();
    expect(await refused(await c.completeRegistration({ challengeId, code: otherThan(code) }))).toBe(
      PHONE_TEXT.codeWrong,
    );
    expect(await refused(await c.completeRegistration({ challengeId, code: '12' }))).toBe(PHONE_TEXT.codeFormat);
    expect(await footprint()).toEqual(before);
    expect((await c.completeRegistration({ challengeId, code })).status).toBe(201);
    // Reused: the same code again, from another browser.
    before = await footprint();
    expect(await refused(await new Client(app.url).completeRegistration({ challengeId, code }))).toBe(
      PHONE_TEXT.codeExpired,
    );
    expect(await footprint()).toEqual(before);

    // Expired.
    const late = newRegistration();
    const sent = await start(new Client(app.url), late);
    await app.t.db
      .updateTable('otpChallenge')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', sent.challengeId)
      .execute();
    expect(
      await refused(
        await new Client(app.url).completeRegistration({ challengeId: sent.challengeId, code: codeFor(late.email) }),
      ),
    ).toBe(PHONE_TEXT.codeExpired);
    expect(await footprint()).toEqual(before);

    // Decoy: a taken address's challenge, tried with the owner's last real code and with guesses.
    const decoy = await start(new Client(app.url), newRegistration({ email: reg.email }));
    for (const guess of [code, '000000', '123456'])
      expect(
        await refused(await new Client(app.url).completeRegistration({ challengeId: decoy.challengeId, code: guess })),
      ).toBe(PHONE_TEXT.codeWrong);
    expect(await footprint()).toEqual(before);
  });

  it('makes one account when the same code is sent back twice at once', async () => {
    const reg = newRegistration();
    const { challengeId } = await start(new Client(app.url), reg);
    const code = codeFor(reg.email);
    const before = await footprint();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => new Client(app.url).completeRegistration({ challengeId, code })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    const after = await footprint();
    expect(after.users).toBe(before.users + 1);
    expect(after.customers).toBe(before.customers + 1);
    expect(after.sessions).toBe(before.sessions + 1);
  });

  it('answers an address taken since its code was sent like a wrong code, never "already exists"', async () => {
    const reg = newRegistration();
    const first = await start(new Client(app.url), reg);
    const firstCode = codeFor(reg.email);
    const second = await start(new Client(app.url), newRegistration({ email: reg.email, name: 'Someone Else' }));
    const secondCode = codeFor(reg.email);
    expect((await new Client(app.url).completeRegistration({ ...second, code: secondCode })).status).toBe(201);
    const before = await footprint();
    const late = await new Client(app.url).completeRegistration({ challengeId: first.challengeId, code: firstCode });
    expect(late.status).toBe(400);
    expect(((await late.json()) as Refusal).error).toEqual({
      code: 'invalid_input',
      message: PHONE_TEXT.codeWrong,
      details: { code: PHONE_TEXT.codeWrong },
    });
    expect(await footprint()).toEqual(before);
  });
});
