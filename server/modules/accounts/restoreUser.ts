import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** Lets a suspended user sign in again, in the caller's transaction; false when there is no such user. */
export async function restoreUserInTx(trx: Kysely<DB>, { userId }: { userId: string }): Promise<boolean> {
  const r = await trx
    .updateTable('user')
    .set({ status: 'active', updatedAt: new Date() })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
