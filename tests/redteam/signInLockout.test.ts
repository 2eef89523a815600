// Attack: lock an owner out by failing sign-ins at their account (issue 23, finding 6). 1,000 wrong
// passwords from 10 addresses, then the owner, from an 11th address and a new browser, signs in: past the
// account-wide limit through a one-time code sent to them, never a 429. Refused attempts spend no budget,
// a stranger past the limit learns nothing about the password, and a known device keeps its own budget.
// Attempts: 1,000 wrong + 1 owner + 1 code + 1 known device + 2 strangers' right-shaped tries + 5 codes = 1,010.
import { afterEach, expect, it } from 'vitest';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { newestMessageTo, outboxEmails } from '#tests/support/emailOutbox.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const from = (ip: string) => ({ 'x-forwarded-for': ip });
const codeIn = (mail: string) => /\b(\d{6})\b/.exec(mail.split('\n\n').slice(1).join('\n'))?.[1];

it('1,000 wrong sign-ins from 10 addresses do not keep the owner out of a new device elsewhere', async () => {
  // The defaults: 8 per account and address, 80 per account from unknown devices, 30 per address.
  const app = await startApp(cleanups, { TRUST_PROXY: 'true' });
  const reg = newRegistration();
  const knownDevice = new Client(app.url);
  expect((await knownDevice.register(reg)).status).toBe(201);
  expect((await knownDevice.signIn(reg.email, reg.password, from('198.51.100.4'))).status).toBe(200);

  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: 10 }, async (_, a) => {
      for (let i = 0; i < 100; i++) {
        const res = await new Client(app.url).signIn(reg.email, `guess-${a}-${i}`, from(`203.0.113.${a + 1}`));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  // 8 guesses per address are answered, the rest refused; refused ones spent nothing.
  expect(Object.fromEntries(statuses)).toEqual({ 401: 80, 429: 920 });

  // The owner, 11th address, new browser: a code step, not a 429.
  const owner = new Client(app.url);
  const step = await owner.signIn(reg.email, reg.password, from('192.0.2.11'));
  expect(step.status).toBe(202);
  const { codeRequired } = (await step.json()) as { codeRequired: { challengeId: string } };
  expect(owner.cookies.has('darasa.session_token')).toBe(false);
  const code = codeIn(newestMessageTo(app, reg.email));
  expect(code).toMatch(/^\d{6}$/);
  const done = await owner.request('/api/account/sign-in/code', {
    method: 'POST',
    json: { challengeId: codeRequired.challengeId, code },
    headers: from('192.0.2.11'),
  });
  expect(done.status).toBe(200);
  expect((await owner.session())?.user.email).toBe(reg.email);

  // The browser the owner used before keeps its own budget: straight in.
  expect((await knownDevice.signIn(reg.email, reg.password, from('192.0.2.12'))).status).toBe(200);

  // A stranger past the limit gets the same answer for any password, and no code of theirs works.
  const mails = outboxEmails(app).length;
  const guess = await new Client(app.url).signIn(reg.email, 'still-guessing', from('192.0.2.13'));
  const right = await new Client(app.url).signIn(reg.email.toUpperCase(), reg.password, from('192.0.2.14'));
  expect([guess.status, right.status]).toEqual([202, 202]);
  const [g, r] = [(await guess.json()) as { codeRequired: object }, (await right.json()) as { codeRequired: object }];
  expect(Object.keys(g.codeRequired).sort()).toEqual(Object.keys(r.codeRequired).sort());
  const stranger = new Client(app.url);
  const { challengeId } = g.codeRequired as { challengeId: string };
  for (let i = 0; i < 5; i++) {
    const res = await stranger.request('/api/account/sign-in/code', {
      method: 'POST',
      json: { challengeId, code: String(100000 + i) },
      headers: from('192.0.2.13'),
    });
    expect(res.status).toBe(400);
  }
  expect(stranger.cookies.has('darasa.session_token')).toBe(false);
  // Only the right password sent a code (to the owner), the guess none.
  expect(outboxEmails(app).length).toBe(mails + 1);
}, 240_000);
