import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/**
 * Suspends a user and ends all their sessions, in the caller's transaction (so the two, and the caller's
 * audit entry, happen at once); false when there is no such user.
 */
export async function suspendUserInTx(trx: Kysely<DB>, { userId }: { userId: string }): Promise<boolean> {
  const r = await trx
    .updateTable('user')
    .set({ status: 'suspended', updatedAt: new Date() })
    .where('id', '=', userId)
    .executeTakeFirst();
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
  return Number(r.numUpdatedRows) > 0;
}
