import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';

/** Darasa's fees (net of refunded fees and adjustments) from `from` until `to` (null: no bound), summed over the ledger. */
export async function platformRevenueInTx(
  trx: Kysely<DB>,
  { from, to }: { from: Date | null; to: Date | null },
): Promise<number> {
  let q = trx
    .selectFrom('journalLine')
    .select(sql<number>`coalesce(sum("amount"), 0)`.as('total'))
    .where('account', '=', 'platform_fees');
  if (from) q = q.where('createdAt', '>=', from);
  if (to) q = q.where('createdAt', '<', to);
  const r = await q.executeTakeFirstOrThrow();
  return -toNum(r.total);
}
