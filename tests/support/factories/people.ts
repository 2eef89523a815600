// People as sign-up and the admin console leave them, and the actor a signed-in one of them is.
import type { Insertable, Kysely } from 'kysely';
import type { SessionUser } from '#server/core/actor.ts';
import type { DB } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';
import { nextSeq, nextTime } from './sequence.ts';

export type UserOptions = Partial<Insertable<DB['user']>>;

export async function user(db: Kysely<DB>, over: UserOptions = {}) {
  const seq = nextSeq();
  const at = nextTime();
  const row: Insertable<DB['user']> & { id: string; name: string } = {
    id: newId(),
    name: `User ${seq}`,
    email: `user${seq}-${newId().toLowerCase()}@example.com`,
    emailVerified: false,
    image: null,
    role: 'creator',
    phone: '+254712345678',
    status: 'active',
    createdAt: at,
    updatedAt: at,
    ...over,
  };
  await db.insertInto('user').values(row).execute();
  return row;
}

/** A new user (a customer unless `role` says otherwise) and the actor it is once signed in. */
export async function actor(db: Kysely<DB>, over: UserOptions = {}): Promise<SessionUser> {
  const u = await user(db, { role: 'customer', ...over });
  return {
    userId: u.id,
    name: u.name,
    email: u.email as string,
    role: u.role as SessionUser['role'],
    locale: 'en',
  };
}
