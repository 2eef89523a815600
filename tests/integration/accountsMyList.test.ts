// My List for signed-in users lives on the server: the browser's list is merged in at sign-in (through the
// /login page's action), and the list follows the user to another device.
import { RouterContextProvider } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import { requestContext } from '#server/edge/requestContext.ts';
import * as login from '#app/routes/login.tsx';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Items = { items: { id: string; title: string }[] };

it('merges the browser list at sign-in and follows the user across devices', async () => {
  const app = await startApp(cleanups);
  const owner = await make.user(app.t.db, { role: 'creator' });
  const [a, b, c] = [
    await make.course(app.t.db, { creator: owner }),
    await make.course(app.t.db, { creator: owner }),
    await make.course(app.t.db, { creator: owner }),
  ];
  const draft = await make.course(app.t.db, { creator: owner, published: false });

  const phone = new Client(app.url);
  const reg = newRegistration();
  expect((await phone.register(reg)).status).toBe(201);
  expect((await phone.request(`/api/my-list/${a.id}`, { method: 'PUT' })).status).toBe(200);
  expect((await phone.request(`/api/my-list/${draft.id}`, { method: 'PUT' })).status).toBe(200);

  // A laptop where the visitor had saved b and c (and some junk) signs in.
  const form = new URLSearchParams({ email: reg.email, password: reg.password, redirectTo: `/course/${b.id}` });
  form.set('myList', JSON.stringify([b.id, c.id, a.id, draft.id, '../etc', 42]));
  const context = new RouterContextProvider();
  context.set(requestContext, {
    services: app.running.services,
    actor: null,
    sessionId: null,
    clientIp: '127.0.0.1',
    locale: 'en',
  });
  const request = new Request(`${app.url}/login`, { method: 'POST', body: form });
  const result = (await login.action({ request, context, params: {} } as never)) as {
    data: { ok: boolean; to: string; myList: { id: string }[] };
    init: { headers: Headers };
  };
  expect(result.data.ok).toBe(true);
  expect(result.data.to).toBe(`/course/${b.id}`);
  expect(new Headers(result.init.headers).get('set-cookie')).toMatch(/darasa\.session_token=/);
  const merged = result.data.myList.map((i) => i.id);
  expect(merged.sort()).toEqual([a.id, b.id, c.id].sort());

  // The phone sees the laptop's additions; removing on the phone removes everywhere.
  const onPhone = (await (await phone.request('/api/my-list')).json()) as Items;
  expect(onPhone.items.map((i) => i.id).sort()).toEqual([a.id, b.id, c.id].sort());
  expect(onPhone.items.find((i) => i.id === a.id)?.title).toBe(a.title);
  await phone.request(`/api/my-list/${b.id}`, { method: 'DELETE' });
  const again = new Client(app.url);
  expect((await again.signIn(reg.email, reg.password)).status).toBe(200);
  const elsewhere = (await (await again.request('/api/my-list')).json()) as Items;
  expect(elsewhere.items.map((i) => i.id).sort()).toEqual([a.id, c.id].sort());

  expect((await phone.request('/api/my-list/not%20an%20id', { method: 'PUT' })).status).toBe(400);
});

it('refuses an open redirect after sign-in', async () => {
  const app = await startApp(cleanups);
  const reg = newRegistration({ role: 'creator' });
  expect((await new Client(app.url).register(reg)).status).toBe(201);
  for (const target of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
    const context = new RouterContextProvider();
    context.set(requestContext, {
      services: app.running.services,
      actor: null,
      sessionId: null,
      clientIp: '127.0.0.1',
      locale: 'en',
    });
    const body = new URLSearchParams({ email: reg.email, password: reg.password, redirectTo: target });
    const result = (await login.action({
      request: new Request(`${app.url}/login`, { method: 'POST', body }),
      context,
      params: {},
    } as never)) as {
      data: { to: string };
    };
    expect(result.data.to).toBe('/creator');
  }
});
