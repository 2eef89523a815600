// Attack: flood one phone with one-time codes (issue 23, finding 7), from many addresses so that no
// per-address limit stops it. Past the day's cap per number every ask is a 429 with Retry-After and the
// message in both languages, and no SMS goes out.
// Attempts: 30 code requests from 30 addresses (20 sent, 10 refused).
import { readFileSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { OTP } from '#server/modules/accounts/phone/otpPolicy.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { outbox } from '#tests/support/smsOutbox.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

it('stops codes to one number at the daily cap, whatever the address', async () => {
  const app = await startApp(cleanups, { TRUST_PROXY: 'true' });
  const phone = '+254712500001';
  expect((await new Client(app.url).register(newRegistration({ phone }))).status).toBe(201);
  const cap = OTP.send.perPhoneDay.max;
  const answers: Response[] = [];
  // The hourly cap is lower than the day's: later hours, as the clock moves, are simulated by clearing it.
  for (let i = 0; i < cap + 10; i++) {
    await app.t.db.deleteFrom('rateLimit').where('key', '=', `otp-send:phone:${phone}`).execute();
    answers.push(
      await new Client(app.url).request('/api/account/phone/code', {
        method: 'POST',
        json: { purpose: 'sign-in', phone: '0712 500 001' },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      }),
    );
  }
  expect(answers.slice(0, cap).map((r) => r.status)).toEqual(Array(cap).fill(201));
  const refused = answers.slice(cap);
  expect(refused.map((r) => r.status)).toEqual(Array(10).fill(429));
  for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(3600);
  expect(((await refused[0]!.json()) as { error: { message: string } }).error.message).toBe(
    PHONE_TEXT.tooManyCodesToday,
  );
  const sw = readFileSync('app/locales/sw.po', 'utf8');
  expect(sw).toMatch(new RegExp(`msgid "${PHONE_TEXT.tooManyCodesToday.replace(/\./g, '\\.')}"\nmsgstr ".*kesho\\."`));
  expect((await outbox(app.running)).filter((m) => m.to === phone)).toHaveLength(cap);
});
