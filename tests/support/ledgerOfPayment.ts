// What a payment put in the ledger: the kinds of its entries, how many, and each account's sum over them.
import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';

export async function ledgerOfPayment(db: Kysely<DB>, paymentId: string) {
  const lines = await db
    .selectFrom('journalLine')
    .innerJoin('journalEntry', 'journalEntry.id', 'journalLine.entryId')
    .select(['journalEntry.kind', 'journalEntry.id', 'journalLine.account', 'journalLine.amount'])
    .where('journalEntry.paymentId', '=', paymentId)
    .execute();
  const sums: Record<string, number> = {};
  for (const l of lines) sums[l.account] = (sums[l.account] ?? 0) + toNum(l.amount);
  return {
    entries: new Set(lines.map((l) => l.id)).size,
    kinds: [...new Set(lines.map((l) => l.kind))].sort(),
    sums,
  };
}
