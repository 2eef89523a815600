// Password reset end to end: the email lands in DATA_DIR/outbox (no SMTP configured), its link works once
// and only for a limited time, the new password signs in, the old one and every old session do not.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { requestPasswordReset } from '#server/modules/accounts/requestPasswordReset.ts';
import { BAD_RESET_LINK, resetPassword } from '#server/modules/accounts/resetPassword.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { startApp, type App } from '#tests/support/testApp.ts';
import { newestMessageTo } from '#tests/support/emailOutbox.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The reset token of the newest outbox message to `email` (quoted-printable soft breaks undone). */
function tokenFromOutbox(app: App, email: string): string {
  const match = newestMessageTo(app, email).match(/\/reset-password\?token=([\w-]+)/);
  if (!match) throw new Error(`no reset link in the email to ${email}`);
  return match[1]!;
}

it('resets a password through a one-time link from the outbox, ending old sessions', async () => {
  const app = await startApp(cleanups);
  const services = app.running.services;
  const c = new Client(app.url);
  const reg = newRegistration();
  expect((await c.register(reg)).status).toBe(201);

  await requestPasswordReset(services, { email: reg.email.toUpperCase(), clientIp: '10.0.0.1' });
  const token = tokenFromOutbox(app, reg.email);
  // Only the hash of the token is stored.
  const stored = await app.t.db.selectFrom('verification').select('identifier').execute();
  expect(stored.map((v) => v.identifier).join()).not.toContain(token);

  await expect(resetPassword(services, { token, password: '12345' })).rejects.toThrow(/at least 6 characters/);
  await resetPassword(services, { token, password: 'new-secret' });
  await expect(resetPassword(services, { token, password: 'another-one' })).rejects.toThrow(BAD_RESET_LINK);

  expect(await c.session()).toBeNull();
  expect((await new Client(app.url).signIn(reg.email, reg.password)).status).toBe(401);
  expect((await new Client(app.url).signIn(reg.email, 'new-secret')).status).toBe(200);
});

it('refuses an expired or made-up link, and says the same for unknown emails', async () => {
  const app = await startApp(cleanups);
  const services = app.running.services;
  const reg = newRegistration();
  expect((await new Client(app.url).register(reg)).status).toBe(201);
  await requestPasswordReset(services, { email: reg.email, clientIp: '10.0.0.2' });
  const token = tokenFromOutbox(app, reg.email);
  await app.t.db
    .updateTable('verification')
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .execute();
  await expect(resetPassword(services, { token, password: 'new-secret' })).rejects.toThrow(BAD_RESET_LINK);
  await expect(resetPassword(services, { token: 'made-up-token-123', password: 'new-secret' })).rejects.toThrow(
    BAD_RESET_LINK,
  );
  await expect(resetPassword(services, { token: '../../etc', password: 'new-secret' })).rejects.toThrow(BAD_RESET_LINK);
  expect((await new Client(app.url).signIn(reg.email, reg.password)).status).toBe(200);

  // No account: no email, and no error either (the form must not reveal who is registered).
  const before = fs.readdirSync(path.join(app.t.dataDir, 'outbox')).length;
  await requestPasswordReset(services, { email: 'nobody@example.com', clientIp: '10.0.0.2' });
  expect(fs.readdirSync(path.join(app.t.dataDir, 'outbox')).length).toBe(before);
  await expect(requestPasswordReset(services, { email: 'not-an-email', clientIp: '10.0.0.2' })).rejects.toThrow(
    /valid email/,
  );
});

it('rate-limits reset requests per email', async () => {
  const app = await startApp(cleanups, { AUTH_LIMIT_PER_ACCOUNT: '2' });
  const services = app.running.services;
  await requestPasswordReset(services, { email: 'someone@example.com', clientIp: '10.0.0.3' });
  await requestPasswordReset(services, { email: 'someone@example.com', clientIp: '10.0.0.4' });
  await expect(requestPasswordReset(services, { email: 'Someone@example.com', clientIp: '10.0.0.5' })).rejects.toThrow(
    /Too many attempts/,
  );
});

it("writes the reset email in the person's own language", async () => {
  const app = await startApp(cleanups);
  const services = app.running.services;
  const english = newRegistration();
  const swahili = newRegistration();
  expect((await new Client(app.url).register(english)).status).toBe(201);
  expect((await new Client(app.url).register(swahili)).status).toBe(201);
  await app.t.db.updateTable('user').set({ locale: 'sw' }).where('email', '=', swahili.email).execute();

  await requestPasswordReset(services, { email: english.email, clientIp: '10.0.0.6' });
  await requestPasswordReset(services, { email: swahili.email, clientIp: '10.0.0.7' });
  const en = newestMessageTo(app, english.email);
  expect(en).toContain('Subject: Reset your Darasa password');
  expect(en).toContain(`Hello ${english.name},`);
  expect(en).toContain('It works once. If you did not ask for this, ignore this email.');
  const sw = newestMessageTo(app, swahili.email);
  expect(sw).toContain('Subject: Weka upya nenosiri lako la Darasa');
  expect(sw).toContain(`Habari ${swahili.name},`);
  expect(sw).toContain('ndani ya dakika 30');
  // The link in it works like the English one.
  await resetPassword(services, { token: tokenFromOutbox(app, swahili.email), password: 'mpya-siri' });
  expect((await new Client(app.url).signIn(swahili.email, 'mpya-siri')).status).toBe(200);
});
