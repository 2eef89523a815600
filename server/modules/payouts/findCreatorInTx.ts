import type { Kysely } from 'kysely';
import { notFound } from '#server/core/errors.ts';
import type { DB } from '#server/db/schema.ts';

/**
 * An admin's payout action (a hold, an adjustment) names a payee: a creator, or a customer paid commissions
 * as an affiliate (decision 0067). Anyone else (an admin, or no one) is "Creator not found."
 */
export async function findCreatorInTx(trx: Kysely<DB>, { creatorId }: { creatorId: string }): Promise<void> {
  const user = await trx
    .selectFrom('user')
    .select('id')
    .where('id', '=', creatorId)
    .where('role', 'in', ['creator', 'customer'])
    .executeTakeFirst();
  if (!user) throw notFound('Creator not found.');
}
