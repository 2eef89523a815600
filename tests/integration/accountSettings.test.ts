// Account self-service over real HTTP (decision 0048): name, password (with the current one, or by SMS code
// for a phone-only account), sessions ("this device", sign out everywhere else), e-mail changes confirmed by a
// link to the new address and phone changes by a code to the new number, with the anti-enumeration rules of
// decisions 0042/0045; and the greeting of a new account. Runs on SQLite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT } from '#common/accounts/accountSettingsText.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { isNewAccount } from '#server/modules/accounts/isNewAccount.ts';
import { EMAIL_CHANGE_MINUTES } from '#server/modules/accounts/settings/requestEmailChange.ts';
import { newestMessageTo, outboxEmails } from '#tests/support/emailOutbox.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { lastCode, outbox } from '#tests/support/smsOutbox.ts';
import { type App, startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
beforeAll(async () => {
  app = await startApp(cleanups, { TRUST_PROXY: 'true' });
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

let ip = 0;
let phones = 0;
/** A Kenyan number no other test uses. */
const newPhone = () => `+2547134${String(++phones).padStart(5, '0')}`;

type Person = Client & {
  id: string;
  email: string;
  password: string;
  post: (p: string, json?: unknown) => Promise<Response>;
};

/** A learner signed up by e-mail (signed in), on a client address of its own (sending limits stay per test). */
async function learner(over: Record<string, unknown> = {}): Promise<Person> {
  const c = new Client(app.url);
  const addr = `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;
  const reg = newRegistration({ phone: newPhone(), ...over });
  const res = await c.register(reg);
  expect(res.status).toBe(201);
  const { user } = (await res.json()) as { user: { userId: string } };
  return Object.assign(c, {
    id: user.userId,
    email: reg.email,
    password: reg.password,
    post: (path: string, json: unknown = {}) =>
      c.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': addr } }),
  });
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const userRow = (id: string) => app.t.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const visitor = () => new Client(app.url);

describe('name', () => {
  it('changes the name on the account and its profile; refuses an empty one and visitors', async () => {
    const me = await learner();
    const ok = await me.post('/api/account/name', { name: '  Wairimu Njeri ' });
    expect(ok.status).toBe(200);
    expect((await userRow(me.id)).name).toBe('Wairimu Njeri');
    const profile = await app.t.db
      .selectFrom('customerProfile')
      .select('name')
      .where('userId', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(profile.name).toBe('Wairimu Njeri');

    const empty = await me.post('/api/account/name', { name: ' ' });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toBe('Full name is required');
    expect((await userRow(me.id)).name).toBe('Wairimu Njeri');
    expect((await visitor().request('/api/account/name', { method: 'POST', json: { name: 'X' } })).status).toBe(401);
  });
});

describe('password', () => {
  it('needs the current password, then signs out the other devices and keeps this one', async () => {
    const me = await learner();
    const laptop = new Client(app.url);
    expect((await laptop.signIn(me.email, me.password)).status).toBe(200);

    const wrong = await me.post('/api/account/password', { currentPassword: 'not-it', password: 'new-secret' });
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toBe(ACCOUNT_TEXT.currentPasswordWrong);
    const short = await me.post('/api/account/password', { currentPassword: me.password, password: 'x' });
    expect(short.status).toBe(400);
    expect(await errorOf(short)).toBe('Password must be at least 6 characters');
    expect((await laptop.session())?.user).toBeTruthy();

    const ok = await me.post('/api/account/password', { currentPassword: me.password, password: 'new-secret' });
    expect(ok.status).toBe(200);
    expect((await me.session())?.user.id).toBe(me.id);
    expect(await laptop.session()).toBeNull();
    expect((await visitor().signIn(me.email, me.password)).status).toBe(401);
    expect((await visitor().signIn(me.email, 'new-secret')).status).toBe(200);
  });

  it('stops guessing the current password after 5 wrong tries', async () => {
    const me = await learner();
    for (let i = 0; i < 5; i++)
      expect(
        (await me.post('/api/account/password', { currentPassword: `no-${i}`, password: 'new-secret' })).status,
      ).toBe(403);
    const right = await me.post('/api/account/password', { currentPassword: me.password, password: 'new-secret' });
    expect(right.status).toBe(429);
    expect((await visitor().signIn(me.email, me.password)).status).toBe(200);
  });

  it('lets a phone-only account set a password only with a code sent to its phone, once', async () => {
    const c = new Client(app.url);
    const phone = newPhone();
    const asked = await c.request('/api/account/phone/code', {
      method: 'POST',
      json: { purpose: 'sign-up', name: 'Wairimu Njeri', phone, role: 'customer', locale: 'en' },
    });
    const { challengeId } = (await asked.json()) as { challengeId: string };
    const signedUp = await c.request('/api/account/phone/register', {
      method: 'POST',
      json: { challengeId, code: await lastCode(app.running, phone) },
    });
    expect(signedUp.status).toBe(201);

    const noCode = await c.request('/api/account/password', { method: 'POST', json: { password: 'new-secret' } });
    expect(noCode.status).toBe(400);
    expect(await errorOf(noCode)).toBe(ACCOUNT_TEXT.passwordCodeNeeded);
    const sent = await c.request('/api/account/password/code', { method: 'POST' });
    expect(sent.status).toBe(201);
    const entry = {
      challengeId: ((await sent.json()) as { challengeId: string }).challengeId,
      code: await lastCode(app.running, phone),
    };
    // Someone else's session cannot use this account's code.
    const other = await learner();
    expect(
      (await other.post('/api/account/password', { ...entry, currentPassword: other.password, password: 'x-secret' }))
        .status,
    ).toBe(200);
    const set = await c.request('/api/account/password', {
      method: 'POST',
      json: { ...entry, password: 'new-secret' },
    });
    expect(set.status).toBe(200);
    const replay = await c.request('/api/account/password', {
      method: 'POST',
      json: { ...entry, password: 'other-secret' },
    });
    expect(replay.status).toBe(400);
    // Now it has a password: the code path is closed and the current password is asked for.
    expect((await c.request('/api/account/password/code', { method: 'POST' })).status).toBe(400);
  });
});

describe('sessions', () => {
  it('lists my sessions with this device first, and signs out everywhere else', async () => {
    const me = await learner();
    const laptop = new Client(app.url);
    expect(
      (await laptop.signIn(me.email, me.password, { 'user-agent': 'Mozilla/5.0 (X11; Linux) Firefox/140.0' })).status,
    ).toBe(200);
    const listed = await me.request('/api/account/sessions');
    const { sessions } = (await listed.json()) as { sessions: { id: string; current: boolean; userAgent: string }[] };
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.current).toBe(true);
    expect(sessions[1]).toMatchObject({ current: false, userAgent: expect.stringContaining('Firefox') });
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);

    // A stranger signing "everyone else" out touches only their own sessions.
    const stranger = await learner();
    expect((await stranger.post('/api/account/sessions/sign-out-others')).status).toBe(200);
    expect(await laptop.session()).not.toBeNull();

    const out = await me.post('/api/account/sessions/sign-out-others');
    expect(await out.json()).toEqual({ signedOut: 1 });
    expect(await laptop.session()).toBeNull();
    expect((await me.session())?.user.id).toBe(me.id);
    expect((await visitor().request('/api/account/sessions')).status).toBe(401);
  });
});

const linkIn = (message: string) => /\/account\/email\?token=([\w-]+)/.exec(message)?.[1] ?? null;

describe('e-mail change', () => {
  it('changes the e-mail only when the link sent to the new address is opened, once; the old address is told', async () => {
    const me = await learner();
    const newEmail = `new.${me.id.toLowerCase()}@example.com`;
    const asked = await me.post('/api/account/email', { email: newEmail.toUpperCase() });
    expect(asked.status).toBe(202);
    expect((await userRow(me.id)).email).toBe(me.email);
    expect(newestMessageTo(app, me.email)).toContain(newEmail);
    const token = linkIn(newestMessageTo(app, newEmail));
    expect(token).toBeTruthy();

    const confirmed = await visitor().request('/api/account/email/confirm', { method: 'POST', json: { token } });
    expect(confirmed.status).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ email: newEmail });
    const replay = await visitor().request('/api/account/email/confirm', { method: 'POST', json: { token } });
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toBe(ACCOUNT_TEXT.emailLinkBad);
    expect((await visitor().signIn(newEmail, me.password)).status).toBe(200);
  });

  it('answers alike for an address another account has, which gets a notice and no link; nothing changes', async () => {
    const me = await learner();
    const owner = await learner();
    const before = outboxEmails(app).length;
    const taken = await me.post('/api/account/email', { email: owner.email });
    const free = await me.post('/api/account/email', { email: `free.${me.id.toLowerCase()}@example.com` });
    expect([taken.status, await taken.json()]).toEqual([free.status, await free.json()]);
    expect(outboxEmails(app).length - before).toBe(4);
    const notice = newestMessageTo(app, owner.email);
    expect(notice).toContain('Someone tried to use your e-mail');
    expect(linkIn(notice)).toBeNull();
    expect((await userRow(me.id)).email).toBe(me.email);
  });

  it('refuses an expired link, a made-up one, bad input, and a visitor asking', async () => {
    const me = await learner();
    const newEmail = `late.${me.id.toLowerCase()}@example.com`;
    expect((await me.post('/api/account/email', { email: newEmail })).status).toBe(202);
    const token = linkIn(newestMessageTo(app, newEmail));
    await app.t.db
      .updateTable('emailChange')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', me.id)
      .execute();
    for (const body of [{ token }, { token: 'A'.repeat(43) }, { token: '../x' }, {}]) {
      const res = await visitor().request('/api/account/email/confirm', { method: 'POST', json: body });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toBe(ACCOUNT_TEXT.emailLinkBad);
    }
    expect((await userRow(me.id)).email).toBe(me.email);
    const bad = await me.post('/api/account/email', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('Please enter a valid email address');
    expect((await visitor().request('/api/account/email', { method: 'POST', json: { email: 'a@b.co' } })).status).toBe(
      401,
    );
    expect(EMAIL_CHANGE_MINUTES).toBe(60);
  });

  it('two accounts racing for one address: the first link wins, the second changes nothing', async () => {
    const [a, b] = [await learner(), await learner()];
    const contested = `contested.${a.id.toLowerCase()}@example.com`;
    expect((await a.post('/api/account/email', { email: contested })).status).toBe(202);
    const tokenA = linkIn(newestMessageTo(app, contested));
    expect((await b.post('/api/account/email', { email: contested })).status).toBe(202);
    const tokenB = linkIn(newestMessageTo(app, contested));
    const answers = await Promise.all(
      [tokenA, tokenB, tokenA].map((token) =>
        visitor().request('/api/account/email/confirm', { method: 'POST', json: { token } }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const owners = await app.t.db.selectFrom('user').select('id').where('email', '=', contested).execute();
    expect(owners).toHaveLength(1);
  });
});

describe('phone change', () => {
  it('refuses the code to another account: it is spent and neither number changes', async () => {
    const me = await learner();
    const phone = newPhone();
    const asked = await me.post('/api/account/phone-number', { phone: `0${phone.slice(4)}` });
    expect(asked.status).toBe(201);
    const { challengeId } = (await asked.json()) as { challengeId: string };
    const entry = { challengeId, code: await lastCode(app.running, phone) };
    const stranger = await learner();
    const stolen = await stranger.post('/api/account/phone-number/confirm', entry);
    expect(stolen.status).toBe(400);
    expect(await errorOf(stolen)).toBe(PHONE_TEXT.codeWrong);
    expect((await userRow(stranger.id)).phone).not.toBe(phone);
    // Whoever holds the challenge and the code decides: once used by the wrong account, it is gone.
    expect((await me.post('/api/account/phone-number/confirm', entry)).status).toBe(400);
    expect((await userRow(me.id)).phone).not.toBe(phone);
  });

  it('confirms with the right code; a replay is refused', async () => {
    const me = await learner();
    const phone = newPhone();
    const asked = await me.post('/api/account/phone-number', { phone });
    const { challengeId } = (await asked.json()) as { challengeId: string };
    const entry = { challengeId, code: await lastCode(app.running, phone) };
    const ok = await me.post('/api/account/phone-number/confirm', entry);
    expect(ok.status).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ phone });
    expect(Boolean((await userRow(me.id)).phoneVerified)).toBe(true);
    const replay = await me.post('/api/account/phone-number/confirm', entry);
    expect(replay.status).toBe(400);
    expect(await errorOf(replay)).toBe(PHONE_TEXT.codeExpired);
  });

  it('answers alike for a number another account has proven: its holder is told, no code is sent', async () => {
    const me = await learner();
    const holder = await make.user(app.t.db, { role: 'customer', phone: newPhone(), phoneVerified: true });
    const free = newPhone();
    const taken = await me.post('/api/account/phone-number', { phone: holder.phone });
    const fresh = await me.post('/api/account/phone-number', { phone: free });
    expect(taken.status).toBe(fresh.status);
    const shape = (b: Record<string, unknown>) => Object.keys(b).sort();
    const [takenBody, freshBody] = [
      (await taken.json()) as Record<string, unknown>,
      (await fresh.json()) as Record<string, unknown>,
    ];
    expect(shape(takenBody)).toEqual(shape(freshBody));
    const notice = (await outbox(app.running)).find((m) => m.to === holder.phone)!;
    expect(notice.message).toContain('It already has an account');
    expect(notice.message).not.toMatch(/\d{6}/);
    const guess = await me.post('/api/account/phone-number/confirm', {
      challengeId: takenBody.challengeId,
      code: '123456',
    });
    expect(guess.status).toBe(400);
    expect((await userRow(me.id)).phone).not.toBe(holder.phone);
  });

  it('refuses a bad number, my own proven number and a visitor', async () => {
    const me = await learner();
    const bad = await me.post('/api/account/phone-number', { phone: '12' });
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe(PHONE_TEXT.phoneInvalid);
    const phone = newPhone();
    const asked = await me.post('/api/account/phone-number', { phone });
    const { challengeId } = (await asked.json()) as { challengeId: string };
    await me.post('/api/account/phone-number/confirm', { challengeId, code: await lastCode(app.running, phone) });
    const same = await me.post('/api/account/phone-number', { phone });
    expect(same.status).toBe(400);
    expect(await errorOf(same)).toBe(ACCOUNT_TEXT.phoneSame);
    expect((await visitor().request('/api/account/phone-number', { method: 'POST', json: { phone } })).status).toBe(
      401,
    );
  });
});

describe('greeting', () => {
  it('is "Welcome" for a new account until it signs in again or buys a course', async () => {
    const me = await learner();
    const actor = { userId: me.id, role: 'customer' as const };
    expect(await isNewAccount(app.running.services, actor)).toBe(true);
    // Signed up an hour ago (the sign-up's session with it), then signs in again.
    const hourAgo = new Date(Date.now() - 3600_000);
    await app.t.db.updateTable('user').set({ createdAt: hourAgo }).where('id', '=', me.id).execute();
    await app.t.db.updateTable('session').set({ createdAt: hourAgo }).where('userId', '=', me.id).execute();
    expect(await isNewAccount(app.running.services, actor)).toBe(true);
    expect((await new Client(app.url).signIn(me.email, me.password)).status).toBe(200);
    expect(await isNewAccount(app.running.services, actor)).toBe(false);

    const buyer = await learner();
    const { course } = await make.creatorWithCourse(app.t.db, { price: 500 });
    await make.payment(app.t.db, { buyer: { id: buyer.id }, course });
    expect(await isNewAccount(app.running.services, { userId: buyer.id, role: 'customer' })).toBe(false);
  });
});
