// Attack: read a session token from page JavaScript (issue 23, finding 10): get-session and list-sessions
// answered raw tokens, which an XSS could carry off and replay as the cookie. Now no answer under
// /api/auth has a `token` field; sessions are named by id, and one is signed out by its id, only by its owner.
// Attempts: 2 sign-ins, 2 reads of get-session, 1 of list-sessions, 1 replay, 2 revokes (stranger, owner) = 8.
import { afterEach, expect, it } from 'vitest';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const hasToken = (v: unknown): boolean =>
  Array.isArray(v)
    ? v.some(hasToken)
    : v !== null && typeof v === 'object' && Object.entries(v).some(([k, x]) => k === 'token' || hasToken(x));

it('hands no session token to page JavaScript, and revokes by session id', async () => {
  const app = await startApp(cleanups);
  const reg = newRegistration();
  const phone = new Client(app.url);
  expect((await phone.register(reg)).status).toBe(201);
  const laptop = new Client(app.url);
  expect((await laptop.signIn(reg.email, reg.password)).status).toBe(200);

  const session = await (await laptop.request('/api/auth/get-session')).json();
  expect(session.user.email).toBe(reg.email);
  expect(hasToken(session)).toBe(false);
  const listed = await laptop.request('/api/auth/list-sessions');
  expect(listed.status).toBe(200);
  const sessions = (await listed.json()) as { id: string }[];
  expect(sessions.length).toBe(2);
  expect(hasToken(sessions)).toBe(false);
  // Nothing in the answers is the cookie's token.
  const cookieToken = decodeURIComponent(laptop.cookies.get('darasa.session_token')!).split('.')[0]!;
  expect(JSON.stringify([session, sessions])).not.toContain(cookieToken);
  // better-auth's revoke-by-token has nothing to go on from those answers.
  const replay = await new Client(app.url).request('/api/auth/revoke-session', {
    method: 'POST',
    json: { token: sessions[0]!.id },
  });
  expect(replay.status).toBeLessThan(500);
  expect(((await (await laptop.request('/api/auth/list-sessions')).json()) as unknown[]).length).toBe(2);

  // A stranger naming the phone's session id changes nothing; the owner signs it out by id.
  const phoneSession = (await (await phone.request('/api/auth/get-session')).json()) as { session: { id: string } };
  const stranger = new Client(app.url);
  expect((await stranger.register(newRegistration())).status).toBe(201);
  await stranger.request('/api/account/sessions/revoke', {
    method: 'POST',
    json: { sessionId: phoneSession.session.id },
  });
  expect((await phone.session())?.user.email).toBe(reg.email);
  const revoked = await laptop.request('/api/account/sessions/revoke', {
    method: 'POST',
    json: { sessionId: phoneSession.session.id },
  });
  expect(revoked.status).toBe(200);
  expect(await phone.session()).toBeNull();
  expect((await laptop.session())?.user.email).toBe(reg.email);
});
