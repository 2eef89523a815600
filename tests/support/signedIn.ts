// People of every role signed in through the real account endpoints of a running test server: signed up
// by e-mail with the code from the server's outbox (Client.register), then signed in.
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { Client, newRegistration } from './httpClient.ts';

export type Role = 'creator' | 'customer' | 'admin';

export type Person = Client & { id: string; email: string; password: string };

/** A server under test: where it listens and its database. */
export interface Site {
  url: string;
  t: { db: Kysely<DB> };
}

/** A new account of `role`, signed in. Admins never come from sign-up: a customer is promoted the way an
 * operator would, then signs in afresh. */
export async function signedIn(site: Site, role: Role): Promise<Person> {
  const reg = newRegistration({ role: role === 'admin' ? 'customer' : role });
  const setup = new Client(site.url);
  const res = await setup.register(reg);
  if (res.status >= 300) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const { id } = await site.t.db
    .selectFrom('user')
    .select('id')
    .where('email', '=', reg.email)
    .executeTakeFirstOrThrow();
  if (role === 'admin') await site.t.db.updateTable('user').set({ role: 'admin' }).where('id', '=', id).execute();
  const c = new Client(site.url);
  const signIn = await c.signIn(reg.email, reg.password);
  if (signIn.status >= 300) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return Object.assign(c, { id, email: reg.email, password: reg.password });
}

/** Someone not signed in. */
export const visitor = (site: Site): Person => Object.assign(new Client(site.url), { id: '', email: '', password: '' });
