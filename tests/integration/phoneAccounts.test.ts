// Phone-first accounts end to end over HTTP, against the embedded Africa's Talking simulator: sign-up,
// sign-in and password reset by SMS code, and every scripted outcome of the gateway (README, "SMS
// simulator"). Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { EMAIL_TAKEN } from '#server/modules/accounts/createAccount.ts';
import { type App, startApp } from '#tests/support/testApp.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { lastCode, outbox } from '#tests/support/smsOutbox.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
beforeAll(async () => {
  app = await startApp(cleanups, { SMS_SIMULATOR_REPORT_DELAY_MS: '20', TRUST_PROXY: 'true' });
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

let ip = 0;
/** Each test its own client address, so sending limits of one test do not reach another. */
function client() {
  const c = new Client(app.url);
  const addr = `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
  return Object.assign(c, {
    post: (path: string, json: unknown) =>
      c.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': addr } }),
  });
}

async function askCode(c: ReturnType<typeof client>, body: Record<string, unknown>) {
  const res = await c.post('/api/account/phone/code', body);
  return {
    res,
    body: (await res.json()) as { challengeId: string; error?: { message: string; details?: Record<string, string> } },
  };
}

describe('sign-up by phone', () => {
  it('creates a learner without email from name, phone, role and language, signed in, SMS in Kiswahili', async () => {
    const c = client();
    const { res, body } = await askCode(c, {
      purpose: 'sign-up',
      name: 'Achieng',
      phone: '0712 300 001',
      role: 'customer',
      locale: 'sw',
    });
    expect(res.status).toBe(201);
    const sms = (await outbox(app.running)).find((m) => m.to === '+254712300001')!;
    expect(sms.message).toMatch(/^\d{6} ni msimbo wako wa Darasa/);
    const reg = await c.post('/api/account/phone/register', {
      challengeId: body.challengeId,
      code: await lastCode(app.running, '+254712300001'),
    });
    expect(reg.status).toBe(201);
    const session = await c.session();
    expect(session?.user).toMatchObject({ role: 'customer', email: null });
    const row = await app.t.db
      .selectFrom('user')
      .selectAll()
      .where('phone', '=', '+254712300001')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: null, locale: 'sw', name: 'Achieng' });
    expect(Boolean(row.phoneVerified)).toBe(true);
    // The phone now belongs to this account: a second sign-up with it answers as any sign-up (no stranger
    // learns the number is registered), but the SMS tells the owner to sign in and carries no code.
    const stranger = client();
    const again = await askCode(stranger, { purpose: 'sign-up', name: 'X', phone: '+254712300001', role: 'customer' });
    expect(again.res.status).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(body).sort());
    const notice = (await outbox(app.running)).find((m) => m.to === '+254712300001')!;
    expect(notice.message).toMatch(/^Darasa: mtu amejaribu kujisajili kwa nambari hii/);
    expect(notice.message).not.toMatch(/\b\d{6}\b/);
    const guess = await stranger.post('/api/account/phone/register', {
      challengeId: again.body.challengeId,
      code: '123456',
    });
    expect(guess.status).toBe(400);
    expect(await stranger.session()).toBeNull();
  });

  it('requires an email from creators, and refuses one that is taken', async () => {
    const c = client();
    const noEmail = await askCode(c, { purpose: 'sign-up', name: 'Otieno', phone: '0712300002', role: 'creator' });
    expect(noEmail.res.status).toBe(400);
    expect(noEmail.body.error?.details?.email).toBe(PHONE_TEXT.creatorNeedsEmail);
    const existing = newRegistration();
    expect((await client().register(existing)).status).toBe(201);
    const taken = await askCode(c, {
      purpose: 'sign-up',
      name: 'Otieno',
      phone: '0712300002',
      role: 'creator',
      email: existing.email,
    });
    // Whether the e-mail is taken is said only to whoever proves the phone with its code.
    expect(taken.res.status).toBe(201);
    const refused = await c.post('/api/account/phone/register', {
      challengeId: taken.body.challengeId,
      code: await lastCode(app.running, '+254712300002'),
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(EMAIL_TAKEN);
    const ok = await askCode(c, {
      purpose: 'sign-up',
      name: 'Otieno',
      phone: '0712300002',
      role: 'creator',
      email: 'otieno.phone@example.com',
    });
    expect(ok.res.status).toBe(201);
    const reg = await c.post('/api/account/phone/register', {
      challengeId: ok.body.challengeId,
      code: await lastCode(app.running, '+254712300002'),
    });
    expect(reg.status).toBe(201);
    expect((await c.session())?.user).toMatchObject({ role: 'creator', email: 'otieno.phone@example.com' });
    const profile = await app.t.db
      .selectFrom('creatorProfile')
      .selectAll()
      .where('phone', '=', '+254712300002')
      .executeTakeFirst();
    expect(profile?.uniqueId).toMatch(/^C\d+$/);
  });

  it('refuses non-Kenyan numbers without sending anything', async () => {
    const before = (await outbox(app.running)).length;
    const { res, body } = await askCode(client(), {
      purpose: 'sign-up',
      name: 'A',
      phone: '+255712345678',
      role: 'customer',
    });
    expect(res.status).toBe(400);
    expect(body.error?.details?.phone).toBe(PHONE_TEXT.phoneInvalid);
    expect((await outbox(app.running)).length).toBe(before);
  });
});

describe('sign-in and reset by phone', () => {
  it('signs an e-mail account in by the phone it gave, then resets its password by SMS', async () => {
    const reg = newRegistration({ phone: '+254712300010' });
    const owner = client();
    expect((await owner.register(reg)).status).toBe(201);
    const c = client();
    const sent = await askCode(c, { purpose: 'sign-in', phone: '0712300010' });
    expect(sent.res.status).toBe(201);
    const signIn = await c.post('/api/account/phone/sign-in', {
      challengeId: sent.body.challengeId,
      code: await lastCode(app.running, '+254712300010'),
    });
    expect(signIn.status).toBe(200);
    expect((await c.session())?.user.email).toBe(reg.email);

    const reset = await askCode(client(), { purpose: 'reset', phone: '+254 712 300 010' });
    const done = await client().post('/api/account/phone/reset', {
      challengeId: reset.body.challengeId,
      code: await lastCode(app.running, '+254712300010'),
      password: 'new-secret',
    });
    expect(done.status).toBe(200);
    // Every session ended; the new password works, the old one does not.
    expect(await owner.session()).toBeNull();
    expect(await c.session()).toBeNull();
    expect((await client().signIn(reg.email, reg.password)).status).toBe(401);
    expect((await client().signIn(reg.email, 'new-secret')).status).toBe(200);
  });

  it('tells the number, not the asker, when no account uses it', async () => {
    const { res, body } = await askCode(client(), { purpose: 'sign-in', phone: '0712300099' });
    expect(res.status).toBe(201);
    expect(body.challengeId).toBeTruthy();
    const sms = (await outbox(app.running)).find((m) => m.to === '+254712300099')!;
    expect(sms.message).toMatch(/^Darasa: someone asked for a code for this number, but it has no account/);
    expect(sms.message).not.toMatch(/\b\d{6}\b/);
  });
});

describe("the SMS simulator's scripted outcomes", () => {
  async function signUpCode(phone: string) {
    const c = client();
    return { c, ...(await askCode(c, { purpose: 'sign-up', name: 'Scripted', phone, role: 'customer' })) };
  }
  const delivery = (id: string) => async () =>
    (await (await fetch(`${app.url}/api/account/phone/code/${id}/delivery`)).json()) as {
      status: string;
      message: string | null;
    };

  it('+254700000201: delivered, and the delivery report says so', async () => {
    const { res, body } = await signUpCode('0700000201');
    expect(res.status).toBe(201);
    await expect.poll(delivery(body.challengeId), { timeout: 20_000 }).toEqual({ status: 'delivered', message: null });
  });

  it('+254700000202: accepted, then a Failed delivery report the person is told about in plain words', async () => {
    const { res, body } = await signUpCode('0700000202');
    expect(res.status).toBe(201);
    await expect
      .poll(delivery(body.challengeId), { timeout: 20_000 })
      .toEqual({ status: 'failed', message: PHONE_TEXT.smsNotDelivered });
    const row = await app.t.db
      .selectFrom('smsMessage')
      .selectAll()
      .where('phone', '=', '+254700000202')
      .executeTakeFirstOrThrow();
    expect(row.failureReason).toBe('AbsentSubscriber');
  });

  it('+254700000203: the gateway answers 403 InvalidPhoneNumber; no usable code is left', async () => {
    const { res, body } = await signUpCode('0700000203');
    expect(res.status).toBe(400);
    expect(body.error?.details?.phone).toBe(PHONE_TEXT.smsInvalidNumber);
    const challenge = await app.t.db
      .selectFrom('otpChallenge')
      .select('usedAt')
      .where('phone', '=', '+254700000203')
      .executeTakeFirstOrThrow();
    expect(challenge.usedAt).not.toBeNull();
  });

  it('+254700000204: 405 InsufficientBalance is "try again in a few minutes"', async () => {
    const { res, body } = await signUpCode('0700000204');
    expect(res.status).toBe(502);
    expect(body.error?.message).toBe(PHONE_TEXT.smsUnavailable);
  });

  it('ignores delivery reports on a wrong secret', async () => {
    const res = await fetch(`${app.url}/api/sms/delivery/not-the-secret-at-all`, {
      method: 'POST',
      body: new URLSearchParams({ id: 'ATXid_x', status: 'Failed' }),
    });
    expect(res.status).toBe(404);
  });
});
