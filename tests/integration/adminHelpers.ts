// Shared by the admin integration tests: a running server with one signed-in client per role.
import { Client, newRegistration, startApp, type App } from './accountsHelpers.ts';

export interface Cast {
  app: App;
  visitor: Client;
  customer: Client & { id: string; email: string; password: string };
  creator: Client & { id: string; email: string; password: string };
  admin: Client & { id: string; email: string; password: string };
}

async function signedIn(app: App, role: 'customer' | 'creator' | 'admin') {
  const reg = newRegistration({ role: role === 'admin' ? 'customer' : role });
  const setup = new Client(app.url);
  const res = await setup.register(reg);
  if (res.status >= 300) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const { id } = await app.t.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', reg.email)
    .executeTakeFirstOrThrow();
  // Admins never come from sign-up: promote one the way an operator would, then sign in afresh.
  if (role === 'admin') await app.t.db.updateTable('user').set({ role: 'admin' }).where('id', '=', id).execute();
  const c = new Client(app.url);
  const signIn = await c.signIn(reg.email, reg.password);
  if (signIn.status >= 300) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return Object.assign(c, { id, email: reg.email, password: reg.password });
}

export async function startCast(cleanups: (() => Promise<void>)[], env: Record<string, string> = {}): Promise<Cast> {
  const app = await startApp(cleanups, env);
  return {
    app,
    visitor: new Client(app.url),
    customer: await signedIn(app, 'customer'),
    creator: await signedIn(app, 'creator'),
    admin: await signedIn(app, 'admin'),
  };
}

export async function getJson(c: Client, path: string) {
  const res = await c.request(path);
  // biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields of the JSON answer they assert on
  return { status: res.status, body: (await res.json()) as any };
}

export async function postJson(c: Client, path: string, json: unknown = {}) {
  const res = await c.request(path, { method: 'POST', json });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields of the JSON answer they assert on
  return { status: res.status, body: (await res.json()) as any };
}
