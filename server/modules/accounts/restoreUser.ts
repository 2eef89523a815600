import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** Lets a suspended user sign in again; false when there is no such user. */
export async function restoreUser(db: Kysely<DB>, userId: string): Promise<boolean> {
  const r = await db
    .updateTable('user')
    .set({ status: 'active', updatedAt: new Date() })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
