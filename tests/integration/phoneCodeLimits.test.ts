// The rules of one-time codes, on the operations themselves with an injected clock: 5 minutes, single
// use, 5 tries, sending limits per IP / per phone and IP / per phone, and an owner whom a stranger at
// another address cannot lock out. Real database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and the
// real SMS simulator.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import type { Services } from '#server/core/services.ts';
import { DomainError } from '#server/core/errors.ts';
import { OTP } from '#server/modules/accounts/phone/otpPolicy.ts';
import { registerByPhone } from '#server/modules/accounts/phone/registerByPhone.ts';
import { requestPhoneCode } from '#server/modules/accounts/phone/requestPhoneCode.ts';
import { signInWithPhone } from '#server/modules/accounts/phone/signInWithPhone.ts';
import { createSmsSimulator, type SmsSimulator } from '#server/smsSimulator/createSmsSimulator.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';

let t: TestDatabase;
let sim: SmsSimulator;
let services: Services;
beforeAll(async () => {
  t = await createTestDatabase();
  sim = await createSmsSimulator({ username: 'sandbox', apiKey: 'k'.repeat(20) });
  services = testServices(t, { SMS_BASE_URL: sim.url, AT_API_KEY: 'k'.repeat(20) });
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('rateLimit').execute();
});

const req = (clientIp: string) => ({ clientIp, headers: new Headers() });
let n = 0;
const newPhone = () => `+2547123${String(400 + ++n).padStart(5, '0')}`;
const codeFor = (phone: string) => /\d{6}/.exec(sim.messages.findLast((m) => m.to === phone)!.message)![0];
const signUp = (phone: string, ip = '10.0.0.1', now = new Date()) =>
  requestPhoneCode(services, { purpose: 'sign-up', name: 'Limits', phone, role: 'customer' }, req(ip), now);

async function refusal(p: Promise<unknown>): Promise<DomainError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}

async function signedUpPhone(): Promise<string> {
  const phone = newPhone();
  const { challengeId } = await signUp(phone);
  await registerByPhone(services, { challengeId, code: codeFor(phone) }, req('10.0.0.1'));
  return phone;
}

it('stores codes hashed: the database never holds the digits', async () => {
  const phone = newPhone();
  const { challengeId } = await signUp(phone);
  const row = await t.db.selectFrom('otpChallenge').selectAll().where('id', '=', challengeId).executeTakeFirstOrThrow();
  expect(row.codeHash).not.toContain(codeFor(phone));
  expect(row.codeHash).toMatch(/^[\w-]{43}$/);
});

it('refuses a code after 5 minutes, accepts it just before', async () => {
  expect(services.config.OTP_TTL_SECONDS).toBe(300);
  const t0 = new Date('2026-03-01T08:00:00Z');
  const late = newPhone();
  const a = await signUp(late, '10.0.0.2', t0);
  const expired = await refusal(
    registerByPhone(
      services,
      { challengeId: a.challengeId, code: codeFor(late) },
      req('10.0.0.2'),
      new Date(t0.getTime() + services.config.OTP_TTL_SECONDS * 1000),
    ),
  );
  expect(expired.message).toBe(PHONE_TEXT.codeExpired);
  const onTime = newPhone();
  const b = await signUp(onTime, '10.0.0.2', t0);
  const ok = await registerByPhone(
    services,
    { challengeId: b.challengeId, code: codeFor(onTime) },
    req('10.0.0.2'),
    new Date(t0.getTime() + services.config.OTP_TTL_SECONDS * 1000 - 1000),
  );
  expect(ok.actor.role).toBe('customer');
});

it('allows 5 tries: the right code after 5 wrong ones is refused', async () => {
  const phone = newPhone();
  const { challengeId } = await signUp(phone);
  const right = codeFor(phone);
  const wrong = right === '000000' ? '111111' : '000000';
  const messages: string[] = [];
  for (let i = 0; i < OTP.maxTries; i++)
    messages.push((await refusal(registerByPhone(services, { challengeId, code: wrong }, req('10.0.0.3')))).message);
  expect(messages.slice(0, 4)).toEqual(Array(4).fill(PHONE_TEXT.codeWrong));
  expect(messages[4]).toBe(PHONE_TEXT.codeTooManyTries);
  expect((await refusal(registerByPhone(services, { challengeId, code: right }, req('10.0.0.3')))).message).toBe(
    PHONE_TEXT.codeTooManyTries,
  );
});

it('counts simultaneous guesses exactly: never more than 5 get checked', async () => {
  const phone = newPhone();
  const { challengeId } = await signUp(phone);
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      registerByPhone(
        services,
        { challengeId, code: '999999' === codeFor(phone) ? '999998' : '999999' },
        req('10.0.0.4'),
      ),
    ),
  );
  const wrong = results.filter((r) => r.status === 'rejected' && (r.reason as Error).message === PHONE_TEXT.codeWrong);
  expect(wrong.length).toBeLessThanOrEqual(OTP.maxTries);
  const row = await t.db
    .selectFrom('otpChallenge')
    .select('attempts')
    .where('id', '=', challengeId)
    .executeTakeFirstOrThrow();
  expect(Number(row.attempts)).toBe(OTP.maxTries);
});

it('uses a code once', async () => {
  const phone = await signedUpPhone();
  const { challengeId } = await requestPhoneCode(services, { purpose: 'sign-in', phone }, req('10.0.0.5'));
  const entry = { challengeId, code: codeFor(phone) };
  expect((await signInWithPhone(services, entry, req('10.0.0.5'))).setCookies).toHaveLength(1);
  expect((await refusal(signInWithPhone(services, entry, req('10.0.0.5')))).message).toBe(PHONE_TEXT.codeExpired);
});

it('limits sends per phone and IP, then per phone, and per IP', async () => {
  const phone = await signedUpPhone();
  const ask = (ip: string) => requestPhoneCode(services, { purpose: 'sign-in', phone }, req(ip));
  await t.db.deleteFrom('rateLimit').execute();
  for (let i = 0; i < OTP.send.perPhoneAndIp.max; i++) await ask('10.1.0.1');
  expect((await refusal(ask('10.1.0.1'))).code).toBe('rate_limited');
  // Other addresses go on until the phone's hourly budget is spent.
  let sent = OTP.send.perPhoneAndIp.max;
  for (let ip = 2; sent < OTP.send.perPhone.max; ip++) {
    for (let i = 0; i < OTP.send.perPhoneAndIp.max && sent < OTP.send.perPhone.max; i++, sent++)
      await ask(`10.1.0.${ip}`);
  }
  expect((await refusal(ask('10.1.0.99'))).message).toBe(PHONE_TEXT.tooManyCodes);
  // One address asking for many numbers.
  await t.db.deleteFrom('rateLimit').execute();
  for (let i = 0; i < OTP.send.perIp.max; i++) await signUp(newPhone(), '10.2.0.1');
  expect((await refusal(signUp(newPhone(), '10.2.0.1'))).code).toBe('rate_limited');
});

it('does not let a stranger at another address lock the owner out', async () => {
  const phone = await signedUpPhone();
  await t.db.deleteFrom('rateLimit').execute();
  // The stranger asks for codes until refused, and guesses wrong on every code they got.
  const stranger: string[] = [];
  for (;;) {
    const r = await requestPhoneCode(services, { purpose: 'sign-in', phone }, req('10.3.0.66')).catch(() => null);
    if (!r) break;
    stranger.push(r.challengeId);
  }
  expect(stranger).toHaveLength(OTP.send.perPhoneAndIp.max);
  for (const challengeId of stranger)
    for (let i = 0; i < OTP.maxTries; i++)
      await signInWithPhone(services, { challengeId, code: '000001' }, req('10.3.0.66')).catch(() => null);
  // The owner, at home, still gets a code and signs in.
  const { challengeId } = await requestPhoneCode(services, { purpose: 'sign-in', phone }, req('10.3.0.7'));
  const result = await signInWithPhone(services, { challengeId, code: codeFor(phone) }, req('10.3.0.7'));
  expect(result.actor.role).toBe('customer');
});
