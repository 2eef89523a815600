import type { Kysely } from 'kysely';
import type { DB, JournalKind, LedgerAccount } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

export interface LineInput {
  account: LedgerAccount;
  creatorId?: string | null;
  /** Whole KES; debit positive, credit negative. */
  amount: number;
  /** When the line counts as available (creator earnings on hold); default: now. */
  availableAt?: Date;
}

export interface EntryInput {
  kind: JournalKind;
  creatorId?: string | null;
  paymentId?: string | null;
  payoutId?: string | null;
  courseId?: string | null;
  feePercent?: number | null;
  memo?: string;
  actorId?: string | null;
  lines: LineInput[];
  /** When it is posted. */
  now: Date;
}

/**
 * Posts one balanced journal entry inside the caller's transaction. Refuses (throws) an entry whose lines
 * do not sum to zero or are not whole shillings: a bug, never an input. Returns false, changing nothing,
 * when this (kind, payment) or (kind, payout) was already posted: replayed callbacks post once.
 */
export async function postEntryInTx(trx: Kysely<DB>, input: EntryInput): Promise<boolean> {
  const lines = input.lines.filter((l) => l.amount !== 0);
  if (lines.some((l) => !Number.isSafeInteger(l.amount)))
    throw new Error(`Ledger ${input.kind}: amounts must be whole KES`);
  if (lines.reduce((s, l) => s + l.amount, 0) !== 0) throw new Error(`Ledger ${input.kind}: lines do not sum to zero`);
  if (input.paymentId || input.payoutId) {
    let q = trx.selectFrom('journalEntry').select('id').where('kind', '=', input.kind);
    q = input.paymentId ? q.where('paymentId', '=', input.paymentId) : q.where('payoutId', '=', input.payoutId!);
    if (await q.executeTakeFirst()) return false;
  }
  const entryId = newId();
  await trx
    .insertInto('journalEntry')
    .values({
      id: entryId,
      kind: input.kind,
      creatorId: input.creatorId ?? null,
      paymentId: input.paymentId ?? null,
      payoutId: input.payoutId ?? null,
      courseId: input.courseId ?? null,
      feePercent: input.feePercent ?? null,
      memo: (input.memo ?? '').slice(0, 500),
      actorId: input.actorId ?? null,
      createdAt: input.now,
    })
    .execute();
  if (lines.length) {
    await trx
      .insertInto('journalLine')
      .values(
        lines.map((l) => ({
          id: newId(),
          entryId,
          account: l.account,
          creatorId: l.creatorId ?? null,
          amount: l.amount,
          availableAt: l.availableAt ?? input.now,
          createdAt: input.now,
        })),
      )
      .execute();
  }
  return true;
}
