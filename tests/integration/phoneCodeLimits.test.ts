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
import { createSmsSimulator, type SmsSimulator } from '#simulators/sms/createSmsSimulator.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';

let t: TestDatabase;
let sim: SmsSimulator;
let services: Services;
/** The time the operations act at: the real one unless a test sets it. */
let setTime: Date | null = null;
beforeAll(async () => {
  t = await createTestDatabase();
  sim = await createSmsSimulator({ username: 'sandbox', apiKey: 'k'.repeat(20) });
  const clock = { now: () => setTime ?? new Date() };
  services = testServices(t, { SMS_BASE_URL: sim.url, AT_API_KEY: 'k'.repeat(20) }, clock);
});
afterAll(async () => {
  await sim.close();
  await t.close();
});
beforeEach(async () => {
  setTime = null;
  await t.db.deleteFrom('rateLimit').execute();
});

const req = (clientIp: string) => ({ clientIp, headers: new Headers() });
const phoneCode = (form: Record<string, unknown>, ip: string) => requestPhoneCode(services, { form, clientIp: ip });
const register = (form: { challengeId: string; code: string }, ip: string) =>
  registerByPhone(services, { form, ...req(ip) });
const signIn = (form: { challengeId: string; code: string }, ip: string) =>
  signInWithPhone(services, { form, ...req(ip) });
let n = 0;
const newPhone = () => `+2547123${String(400 + ++n).padStart(5, '0')}`;
const codeFor = (phone: string) => /\d{6}/.exec(sim.messages.findLast((m) => m.to === phone)!.message)![0];
const signUp = (phone: string, ip = '10.0.0.1') =>
  phoneCode({ purpose: 'sign-up', name: 'Limits', phone, role: 'customer' }, ip);

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
  await register({ challengeId, code: codeFor(phone) }, '10.0.0.1');
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
  const ttl = services.config.OTP_TTL_SECONDS * 1000;
  const late = newPhone();
  setTime = t0;
  const a = await signUp(late, '10.0.0.2');
  setTime = new Date(t0.getTime() + ttl);
  const expired = await refusal(register({ challengeId: a.challengeId, code: codeFor(late) }, '10.0.0.2'));
  expect(expired.message).toBe(PHONE_TEXT.codeExpired);
  const onTime = newPhone();
  setTime = t0;
  const b = await signUp(onTime, '10.0.0.2');
  setTime = new Date(t0.getTime() + ttl - 1000);
  const ok = await register({ challengeId: b.challengeId, code: codeFor(onTime) }, '10.0.0.2');
  expect(ok.actor.role).toBe('customer');
});

it('allows 5 tries: the right code after 5 wrong ones is refused', async () => {
  const phone = newPhone();
  const { challengeId } = await signUp(phone);
  const right = codeFor(phone);
  const wrong = right === '000000' ? '111111' : '000000';
  const messages: string[] = [];
  for (let i = 0; i < OTP.maxTries; i++)
    messages.push((await refusal(register({ challengeId, code: wrong }, '10.0.0.3'))).message);
  expect(messages.slice(0, 4)).toEqual(Array(4).fill(PHONE_TEXT.codeWrong));
  expect(messages[4]).toBe(PHONE_TEXT.codeTooManyTries);
  expect((await refusal(register({ challengeId, code: right }, '10.0.0.3'))).message).toBe(PHONE_TEXT.codeTooManyTries);
});

it('counts simultaneous guesses exactly: never more than 5 get checked', async () => {
  const phone = newPhone();
  const { challengeId } = await signUp(phone);
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      register({ challengeId, code: '999999' === codeFor(phone) ? '999998' : '999999' }, '10.0.0.4'),
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
  const { challengeId } = await phoneCode({ purpose: 'sign-in', phone }, '10.0.0.5');
  const entry = { challengeId, code: codeFor(phone) };
  expect((await signIn(entry, '10.0.0.5')).setCookies).toHaveLength(1);
  expect((await refusal(signIn(entry, '10.0.0.5'))).message).toBe(PHONE_TEXT.codeExpired);
});

it('limits sends per phone and IP, then per phone, and per IP', async () => {
  const phone = await signedUpPhone();
  const ask = (ip: string) => phoneCode({ purpose: 'sign-in', phone }, ip);
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
    const r = await phoneCode({ purpose: 'sign-in', phone }, '10.3.0.66').catch(() => null);
    if (!r) break;
    stranger.push(r.challengeId);
  }
  expect(stranger).toHaveLength(OTP.send.perPhoneAndIp.max);
  for (const challengeId of stranger)
    for (let i = 0; i < OTP.maxTries; i++) await signIn({ challengeId, code: '000001' }, '10.3.0.66').catch(() => null);
  // The owner, at home, still gets a code and signs in.
  const { challengeId } = await phoneCode({ purpose: 'sign-in', phone }, '10.3.0.7');
  const result = await signIn({ challengeId, code: codeFor(phone) }, '10.3.0.7');
  expect(result.actor.role).toBe('customer');
});
