// Attack: find out who is registered (issue 23, finding 10). Password reset by e-mail, phone sign-up and
// phone sign-in/reset codes answer alike for a registered and an unknown address or number; what differs
// goes only to the address or number itself (an e-mail or an SMS without a code). E-mail sign-up, the way
// decision 0042 left open, has its own replay: signUpEnumeration.test.ts (decision 0045).
// Attempts: 2 password-reset requests, 4 phone code requests = 6.
import { afterEach, expect, it } from 'vitest';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { outbox } from '#tests/support/smsOutbox.ts';
import { outboxEmails } from '#tests/support/emailOutbox.ts';
import { requestPasswordReset } from '#server/modules/accounts/requestPasswordReset.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Status and body of an answer, with what is random per answer (ids) blanked. */
async function shape(res: Response): Promise<string> {
  const text = (await res.text())
    .replace(/"challengeId"\s*:\s*"\w+"/g, '"challengeId":"…"')
    .replace(/nonce="[^"]*"/g, 'nonce=""');
  return `${res.status} ${text}`;
}

it('answers alike for registered and unknown e-mails and numbers', async () => {
  const app = await startApp(cleanups, { TRUST_PROXY: 'true' });
  const reg = newRegistration({ phone: '+254 712600001' });
  expect((await new Client(app.url).register(reg)).status).toBe(201);
  // Prove the number, so that it counts as registered for phone sign-up.
  await app.t.db.updateTable('user').set({ phoneVerified: true }).where('email', '=', reg.email).execute();
  let ip = 0;
  const post = (path: string, body: Record<string, string>, json = false) =>
    new Client(app.url).request(path, {
      method: 'POST',
      headers: { 'x-forwarded-for': `192.0.2.${++ip}` },
      ...(json ? { json: body } : { body: new URLSearchParams(body) }),
    });

  // Forgot password by e-mail: the /forgot-password action's operation (pages need a build; the page
  // shows the same words whenever it resolves) resolves alike, and only the owner gets an e-mail.
  const services = app.running.services;
  const answers = await Promise.allSettled(
    [reg.email, 'nobody.here@example.com'].map((email) =>
      requestPasswordReset(services, { email, clientIp: '192.0.2.200' }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'fulfilled']);
  expect(outboxEmails(app).filter((m) => m.includes('nobody.here@example.com'))).toEqual([]);

  // Phone sign-up for a registered and a new number.
  const signUp = (phone: string) =>
    post('/api/account/phone/code', { purpose: 'sign-up', name: 'Probe', phone, role: 'customer' }, true);
  const [taken, free] = [await shape(await signUp('0712600001')), await shape(await signUp('0712600002'))];
  expect(taken.replace('+254712600001', 'N')).toBe(free.replace('+254712600002', 'N'));
  expect(taken.startsWith('201')).toBe(true);

  // Phone sign-in code for a registered and an unknown number.
  const signIn = (phone: string) => post('/api/account/phone/code', { purpose: 'sign-in', phone }, true);
  const [has, hasNot] = [await shape(await signIn('0712600001')), await shape(await signIn('0712600003'))];
  expect(has.replace('+254712600001', 'N')).toBe(hasNot.replace('+254712600003', 'N'));

  // What differs went to the number itself: no code to the registered number from the sign-up probe.
  const sms = await outbox(app.running);
  expect(sms.filter((m) => m.to === '+254712600001').some((m) => /someone tried to sign up/.test(m.message))).toBe(
    true,
  );
  expect(sms.filter((m) => m.to === '+254712600003').every((m) => !/\b\d{6}\b/.test(m.message))).toBe(true);
});
