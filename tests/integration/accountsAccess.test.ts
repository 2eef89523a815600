// Who may open which signed-in page, for each kind of person, through the pages' own loaders with viewers
// resolved from real sessions; and the My List endpoints for visitors and every role.
import { RouterContextProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext, type SessionUser } from '#server/edge/requestContext.ts';
import { resolveActor } from '#server/modules/accounts/resolveActor.ts';
import { createAccount } from '#server/modules/accounts/createAccount.ts';
import { hashPassword } from 'better-auth/crypto';
import * as admin from '#app/routes/admin.tsx';
import * as creator from '#app/routes/creator.tsx';
import * as creatorAnalytics from '#app/routes/creatorAnalytics.tsx';
import * as creatorCourse from '#app/routes/creatorCourse.tsx';
import * as customer from '#app/routes/customer.tsx';
import * as customerPurchases from '#app/routes/customerPurchases.tsx';
import * as learn from '#app/routes/learn.tsx';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { startApp, type App } from '#tests/support/testApp.ts';

type Who = 'visitor' | 'customer' | 'creator' | 'admin';
// biome-ignore lint/suspicious/noExplicitAny: each route's loader takes its own typed params; this table calls them all alike
type Loader = (args: any) => unknown;

const cleanups: (() => Promise<void>)[] = [];
let app: App;
const clients = {} as Record<Who, Client>;
const viewers = {} as Record<Who, SessionUser | null>;

beforeAll(async () => {
  app = await startApp(cleanups, { AUTH_LIMIT_PER_IP: '0' });
  clients.visitor = new Client(app.url);
  viewers.visitor = null;
  for (const role of ['customer', 'creator'] as const) {
    clients[role] = new Client(app.url);
    expect((await clients[role].register(newRegistration({ role }))).status).toBe(201);
  }
  // Admins never come from sign-up.
  const email = `admin.${Date.now()}@example.com`;
  await createAccount(app.running.services, {
    name: 'Admin',
    email,
    passwordHash: await hashPassword('secret1'),
    role: 'admin',
    phone: '',
  });
  clients.admin = new Client(app.url);
  expect((await clients.admin.signIn(email, 'secret1')).status).toBe(200);
  for (const who of ['customer', 'creator', 'admin'] as const) {
    const { actor } = await resolveActor(app.running.services, {
      headers: new Headers({ cookie: clients[who].cookieHeader }),
    });
    expect(actor?.role).toBe(who);
    viewers[who] = actor;
  }
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Runs a page's loader as the server would for `who`; answers where the guard sent them, or 'allowed'. */
async function open(loader: Loader, path: string, params: Record<string, string>, who: Who): Promise<string> {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    services: app.running.services,
    actor: viewers[who],
    sessionId: null,
    clientIp: '127.0.0.1',
    locale: 'en',
  });
  try {
    await loader({ request: new Request(`http://localhost${path}`), params, context });
    return 'allowed';
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const to = thrown.headers.get('location')!;
      if (to.startsWith('/login') || ['/customer', '/creator', '/admin'].includes(to)) return to;
    }
    return 'allowed'; // past the guard: e.g. a 404 for a course that does not exist
  }
}

const pages: [string, Loader, Record<string, string>, Who[]][] = [
  ['/customer', customer.loader, {}, ['customer']],
  ['/customer?tab=mine', customer.loader, {}, ['customer']],
  ['/customer/purchases', customerPurchases.loader, {}, ['customer']],
  ['/creator', creator.loader, {}, ['creator']],
  ['/creator/course/new', creatorCourse.loader, { courseId: 'new' }, ['creator']],
  ['/creator/course/abc/analytics', creatorAnalytics.loader, { courseId: 'abc' }, ['creator', 'admin']],
  ['/admin', admin.loader, {}, ['admin']],
  ['/learn/abc/1', learn.loader, { courseId: 'abc', episodeNo: '1' }, ['customer', 'creator', 'admin']],
];

const everyone: Who[] = ['visitor', 'customer', 'creator', 'admin'];

describe('protected pages', () => {
  it.each(
    pages.flatMap(([path, loader, params, allowed]) =>
      everyone.map((who) => [path, who, loader, params, allowed] as const),
    ),
  )('%s as %s', async (path, who, loader, params, allowed) => {
    const result = await open(loader, path, params, who);
    if (who === 'visitor') expect(result).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    else if (allowed.includes(who)) expect(result).toBe('allowed');
    else expect(result).toBe(`/${who}`);
  });
});

describe('My List endpoints', () => {
  it.each(everyone)('as %s', async (who) => {
    const c = clients[who];
    const get = await c.request('/api/my-list');
    const put = await c.request('/api/my-list/some-course', { method: 'PUT' });
    const del = await c.request('/api/my-list/some-course', { method: 'DELETE' });
    const expected = who === 'visitor' ? 401 : 200;
    expect([get.status, put.status, del.status]).toEqual([expected, expected, expected]);
  });
});
