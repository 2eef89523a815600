import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** The journal entries whose lines do not sum to zero (a balanced ledger has none), with their sums. */
export function unbalancedEntries(db: Kysely<DB>) {
  return db
    .selectFrom('journalLine')
    .select(['entryId', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('entryId')
    .having((eb) => eb.fn.sum('amount'), '!=', 0)
    .execute();
}
