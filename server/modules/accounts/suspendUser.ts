import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** Suspends a user and ends all their sessions at once; false when there is no such user. */
export async function suspendUser(db: Kysely<DB>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('user')
      .set({ status: 'suspended', updatedAt: new Date() })
      .where('id', '=', userId)
      .executeTakeFirst();
    await trx.deleteFrom('session').where('userId', '=', userId).execute();
    return Number(r.numUpdatedRows) > 0;
  });
}
