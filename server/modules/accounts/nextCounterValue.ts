import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';

/**
 * The next value of a named counter (creatorCount → C1, C2…; customerCount → L1, L2…). An upsert that
 * locks the counter's row, so simultaneous callers get distinct values on both databases; inside a
 * transaction, a rollback takes the value back.
 */
export async function nextCounterValueInTx(trx: Kysely<DB>, { name }: { name: string }): Promise<number> {
  const row = await trx
    .insertInto('counter')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('counter.value', '+', 1) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return toNum(row.value);
}
