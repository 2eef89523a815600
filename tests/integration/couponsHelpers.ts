// Shared by the coupon tests: signed-in clients of every role on a payments world, and short calls.
import { Client, newRegistration } from './accountsHelpers.ts';
import type { World } from './paymentsHarness.ts';

export type Person = Client & { id: string };

export async function signedIn(w: World, role: 'customer' | 'creator' | 'admin'): Promise<Person> {
  const reg = newRegistration({ role: role === 'admin' ? 'customer' : role });
  const setup = new Client(w.running.url);
  const res = await setup.register(reg);
  if (res.status >= 300) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const { id } = await w.t.db.selectFrom('user').select('id').where('email', '=', reg.email).executeTakeFirstOrThrow();
  // Admins never come from sign-up: promoted the way an operator would, then signed in afresh.
  if (role === 'admin') await w.t.db.updateTable('user').set({ role: 'admin' }).where('id', '=', id).execute();
  const c = new Client(w.running.url);
  const signIn = await c.signIn(reg.email, reg.password);
  if (signIn.status >= 300) throw new Error(`sign-in failed: ${signIn.status}`);
  return Object.assign(c, { id });
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whichever fields of the JSON answer they assert on
export async function call(c: Client, path: string, json?: unknown): Promise<{ status: number; body: any }> {
  const res = await c.request(path, json === undefined ? {} : { method: 'POST', json });
  return { status: res.status, body: await res.json().catch(() => null) };
}

export const couponsPath = (courseId: string) => `/api/studio/courses/${courseId}/coupons`;
