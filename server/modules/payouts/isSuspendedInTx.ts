import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** A suspended creator is paid nothing until the account is restored (issue 23). */
export async function isSuspendedInTx(trx: Kysely<DB>, { creatorId }: { creatorId: string }): Promise<boolean> {
  const u = await trx.selectFrom('user').select('status').where('id', '=', creatorId).executeTakeFirst();
  return u?.status === 'suspended';
}
