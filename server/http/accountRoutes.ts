import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { registerAccount } from '../modules/accounts/registerAccount.ts';
import { completeRegistration } from '../modules/accounts/completeRegistration.ts';
import { signIn } from '../modules/accounts/signIn.ts';
import { signInWithCode } from '../modules/accounts/signInWithCode.ts';
import { revokeMySession } from '../modules/accounts/revokeMySession.ts';
import { deleteMyAccount } from '../modules/accounts/personalData/deleteMyAccount.ts';
import { exportMyData } from '../modules/accounts/personalData/exportMyData.ts';
import { requestDeletionCode } from '../modules/accounts/personalData/requestDeletionCode.ts';
import { clearSessionCookie } from '#server/edge/clearSessionCookie.ts';
import type { Services } from '../core/services.ts';
import { DomainError } from '../core/errors.ts';
import type { AppEnv } from './honoEnv.ts';
import { accountBody } from './jsonBody.ts';
import { getCodeDelivery } from '../modules/accounts/phone/getCodeDelivery.ts';
import { registerByPhone } from '../modules/accounts/phone/registerByPhone.ts';
import { requestPhoneCode } from '../modules/accounts/phone/requestPhoneCode.ts';
import { resetPasswordByPhone } from '../modules/accounts/phone/resetPasswordByPhone.ts';
import { signInWithPhone } from '../modules/accounts/phone/signInWithPhone.ts';
import { changeMyName } from '../modules/accounts/settings/changeMyName.ts';
import { changeMyPassword } from '../modules/accounts/settings/changeMyPassword.ts';
import { confirmEmailChange } from '../modules/accounts/settings/confirmEmailChange.ts';
import { confirmPhoneChange } from '../modules/accounts/settings/confirmPhoneChange.ts';
import { listMySessions } from '../modules/accounts/settings/listMySessions.ts';
import { requestEmailChange } from '../modules/accounts/settings/requestEmailChange.ts';
import { requestPasswordCode } from '../modules/accounts/settings/requestPasswordCode.ts';
import { requestPhoneChange } from '../modules/accounts/settings/requestPhoneChange.ts';
import { signOutOtherSessions } from '../modules/accounts/settings/signOutOtherSessions.ts';

/**
 * The account operations over JSON (or form posts) for API clients: the same operations the /register
 * and /login pages' actions call. Answers carry the session cookie; errors are the usual 4xx bodies.
 */
export function mountAccountRoutes(app: Hono<AppEnv>, services: Services): void {
  const limit = bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new DomainError('too_large', 'The request is too large.');
    },
  });
  // Sign-up by e-mail: the form answers 202 and a code goes to the address (or, when the address has an
  // account, a notice to its owner: the answer is the same); the code makes the account (decision 0045).
  app.post('/api/account/register', limit, accountBody, async (c) => {
    const sent = await registerAccount(services, { form: c.req.valid('json'), clientIp: c.var.ctx.clientIp });
    return c.json(sent, 202);
  });
  app.post('/api/account/register/code', limit, accountBody, async (c) => {
    const result = await completeRegistration(services, { form: c.req.valid('json'), ...requestOf(c) });
    return withCookies(c.json({ user: result.actor, uniqueId: result.uniqueId }, 201), result.setCookies);
  });
  app.post('/api/account/sign-in', limit, accountBody, async (c) => {
    const result = await signIn(services, { form: c.req.valid('json'), ...requestOf(c) });
    // Past the account-wide limit: no session yet, a code to send back to /sign-in/code (decision 0042).
    if ('codeRequired' in result) return c.json({ codeRequired: result.codeRequired }, 202);
    return withCookies(c.json({ user: result.actor }), result.setCookies);
  });
  app.post('/api/account/sign-in/code', limit, accountBody, async (c) => {
    const result = await signInWithCode(services, { form: c.req.valid('json'), ...requestOf(c) });
    return withCookies(c.json({ user: result.actor }), result.setCookies);
  });

  // Phone-first accounts: ask for a code (purpose sign-in | sign-up | reset), then use it.
  app.post('/api/account/phone/code', limit, accountBody, async (c) => {
    const sent = await requestPhoneCode(services, { form: c.req.valid('json'), clientIp: c.var.ctx.clientIp });
    return c.json(sent, 201);
  });
  app.get('/api/account/phone/code/:challengeId/delivery', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await getCodeDelivery(services, { challengeId: c.req.param('challengeId') }));
  });
  app.post('/api/account/phone/sign-in', limit, accountBody, async (c) => {
    const result = await signInWithPhone(services, { form: c.req.valid('json'), ...requestOf(c) });
    return withCookies(c.json({ user: result.actor }), result.setCookies);
  });
  app.post('/api/account/phone/register', limit, accountBody, async (c) => {
    const result = await registerByPhone(services, { form: c.req.valid('json'), ...requestOf(c) });
    return withCookies(c.json({ user: result.actor, uniqueId: result.uniqueId }, 201), result.setCookies);
  });
  app.post('/api/account/phone/reset', limit, accountBody, async (c) => {
    await resetPasswordByPhone(services, c.req.valid('json'));
    return c.json({ ok: true });
  });
  // "Your devices": sign one session out by the id list-sessions shows.
  app.post('/api/account/sessions/revoke', limit, accountBody, async (c) => {
    await revokeMySession(services, c.var.ctx.actor, c.req.valid('json'));
    return c.json({ ok: true });
  });
  // Account settings (decision 0048): name, password, sessions, and e-mail and phone changes confirmed on
  // the new address or number. The /account page's actions call the same operations.
  app.post('/api/account/name', limit, accountBody, async (c) => {
    return c.json(await changeMyName(services, c.var.ctx.actor, c.req.valid('json')));
  });
  app.post('/api/account/password/code', async (c) => {
    return c.json(await requestPasswordCode(services, c.var.ctx.actor, { clientIp: c.var.ctx.clientIp }), 201);
  });
  app.post('/api/account/password', limit, accountBody, async (c) => {
    const { actor, sessionId } = c.var.ctx;
    await changeMyPassword(services, actor, { form: c.req.valid('json'), sessionId });
    return c.json({ ok: true });
  });
  app.get('/api/account/sessions', async (c) => {
    c.header('cache-control', 'no-store');
    const { actor, sessionId } = c.var.ctx;
    return c.json({ sessions: await listMySessions(services, actor, { sessionId }) });
  });
  app.post('/api/account/sessions/sign-out-others', async (c) => {
    const { actor, sessionId } = c.var.ctx;
    return c.json(await signOutOtherSessions(services, actor, { sessionId }));
  });
  app.post('/api/account/email', limit, accountBody, async (c) => {
    const { actor, clientIp } = c.var.ctx;
    await requestEmailChange(services, actor, { form: c.req.valid('json'), clientIp });
    return c.json({ ok: true }, 202);
  });
  app.post('/api/account/email/confirm', limit, accountBody, async (c) => {
    return c.json(await confirmEmailChange(services, c.req.valid('json')));
  });
  app.post('/api/account/phone-number', limit, accountBody, async (c) => {
    const { actor, clientIp } = c.var.ctx;
    return c.json(await requestPhoneChange(services, actor, { form: c.req.valid('json'), clientIp }), 201);
  });
  app.post('/api/account/phone-number/confirm', limit, accountBody, async (c) => {
    return c.json(await confirmPhoneChange(services, c.var.ctx.actor, c.req.valid('json')));
  });
  // Personal data: the signed-in person's own data as a download, and deleting their account.
  app.get('/api/account/data', async (c) => {
    const data = await exportMyData(services, c.var.ctx.actor);
    c.header('cache-control', 'no-store');
    c.header('content-disposition', 'attachment; filename="darasa-my-data.json"');
    return c.json(data);
  });
  // A phone-only account confirms deletion with a code sent to its phone (it has no password).
  app.post('/api/account/delete/code', async (c) => {
    return c.json(await requestDeletionCode(services, c.var.ctx.actor, { clientIp: c.var.ctx.clientIp }), 201);
  });
  app.post('/api/account/delete', limit, accountBody, async (c) => {
    await deleteMyAccount(services, c.var.ctx.actor, c.req.valid('json'));
    return withCookies(c.json({ deleted: true }), [clearSessionCookie(services)]);
  });
}

function requestOf(c: Context<AppEnv>) {
  return { headers: c.req.raw.headers, clientIp: c.var.ctx.clientIp };
}

function withCookies(res: Response, cookies: string[]): Response {
  for (const cookie of cookies) res.headers.append('set-cookie', cookie);
  return res;
}
