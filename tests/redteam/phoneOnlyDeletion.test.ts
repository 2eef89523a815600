// Attack: delete a phone-only account without its phone (issue 23, finding 10: the form asked for a
// password such accounts never had, so they could not delete themselves at all). Now deletion needs the
// code sent to the account's own phone: no code, a password, a guessed code or another account's code are
// refused and nothing is deleted; the owner's code deletes.
// Attempts: 2 sign-ups by code, 2 deletion codes, 5 refused deletions, 1 deletion = 10 (plus the sign-up codes).
import { afterEach, expect, it } from 'vitest';
import { type App, startApp } from '#tests/support/testApp.ts';
import { Client } from '#tests/support/httpClient.ts';
import { lastCode } from '#tests/support/smsOutbox.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function phoneOnly(app: App, phone: string): Promise<Client> {
  const c = new Client(app.url);
  const sent = await c.request('/api/account/phone/code', {
    method: 'POST',
    json: { purpose: 'sign-up', name: 'Achieng', phone, role: 'customer', locale: 'en' },
  });
  expect(sent.status).toBe(201);
  const { challengeId } = (await sent.json()) as { challengeId: string };
  const reg = await c.request('/api/account/phone/register', {
    method: 'POST',
    json: { challengeId, code: await lastCode(app.running, phone) },
  });
  expect(reg.status).toBe(201);
  return c;
}

it('a phone-only account is deleted only with the code sent to its own phone', async () => {
  const app = await startApp(cleanups);
  const owner = await phoneOnly(app, '+254712400001');
  const other = await phoneOnly(app, '+254712400002');
  const del = (c: Client, json: unknown) => c.request('/api/account/delete', { method: 'POST', json });

  expect((await del(owner, {})).status).toBe(400);
  expect((await del(owner, { password: 'secret1' })).status).toBe(400);
  const sent = await owner.request('/api/account/delete/code', { method: 'POST' });
  expect(sent.status).toBe(201);
  const { challengeId } = (await sent.json()) as { challengeId: string };
  expect((await del(owner, { challengeId, code: '000000' })).status).toBe(400);
  // The other account's own deletion code does not delete the owner's account.
  const theirs = (await (await other.request('/api/account/delete/code', { method: 'POST' })).json()) as {
    challengeId: string;
  };
  const theirCode = await lastCode(app.running, '+254712400002');
  expect((await del(owner, { challengeId: theirs.challengeId, code: theirCode })).status).toBe(403);
  for (const c of [owner, other]) expect((await c.session())?.user).toBeTruthy();
  const statuses = await app.t.db.selectFrom('user').select('status').execute();
  expect(statuses.every((u) => u.status === 'active')).toBe(true);

  const deleted = await del(owner, { challengeId, code: await lastCode(app.running, '+254712400001') });
  expect(deleted.status).toBe(200);
  expect(await owner.session()).toBeNull();
  expect(
    await app.t.db.selectFrom('user').select('status').where('phone', '=', '+254712400002').executeTakeFirst(),
  ).toEqual({ status: 'active' });
});
