import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toIso } from '#server/db/values.ts';
import { postEntryInTx } from './postEntryInTx.ts';

/**
 * A refunded purchase: the sale's entry reversed line for line, with the split it was made under. The
 * creator's share comes out of pending while the sale is still held, otherwise out of available, which may
 * go negative (already paid out): later earnings repay it. A sale from before the ledger has nothing to undo.
 */
export async function postRefundInTx(
  trx: Kysely<DB>,
  { paymentId, actorId, reason, now }: { paymentId: string; actorId: string; reason?: string; now: Date },
): Promise<void> {
  const sale = await trx
    .selectFrom('journalEntry')
    .select(['id', 'creatorId', 'courseId', 'feePercent'])
    .where('kind', '=', 'sale')
    .where('paymentId', '=', paymentId)
    .executeTakeFirst();
  if (!sale) return;
  const lines = await trx
    .selectFrom('journalLine')
    .select(['account', 'creatorId', 'amount', 'availableAt'])
    .where('entryId', '=', sale.id)
    .execute();
  await postEntryInTx(trx, {
    kind: 'refund',
    creatorId: sale.creatorId,
    paymentId,
    courseId: sale.courseId,
    feePercent: sale.feePercent,
    actorId,
    memo: reason ?? '',
    lines: lines.map((l) => {
      const heldUntil = new Date(toIso(l.availableAt));
      return {
        account: l.account,
        creatorId: l.creatorId,
        amount: -l.amount,
        availableAt: heldUntil > now ? heldUntil : now,
      };
    }),
    now,
  });
}
