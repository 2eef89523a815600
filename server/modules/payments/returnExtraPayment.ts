import type { Services } from '#server/core/services.ts';
import { DarajaError } from '#server/daraja/darajaError.ts';
import { reversalResultUrl } from './reversalResultUrl.ts';

/**
 * Asks M-Pesa to reverse a second payment (state `extra`): accepted, it is `returning` until Transaction
 * Status confirms the reversal (handleReversalCheck); refused by M-Pesa, it is `return_failed` with the
 * reason, for an admin to return by hand. Throws when M-Pesa cannot be reached (the job retries).
 */
export async function returnExtraPayment(services: Services, { incomingId }: { incomingId: string }): Promise<void> {
  const { db } = services.database;
  const row = await db
    .selectFrom('mpesaIncoming')
    .select(['id', 'state', 'transId', 'amount', 'paymentId'])
    .where('id', '=', incomingId)
    .executeTakeFirst();
  if (row?.state !== 'extra' || !row.transId) return;
  const now = services.clock.now();
  try {
    const answer = await services.daraja.reverseTransaction({
      transactionId: row.transId,
      amount: Number(row.amount),
      resultUrl: reversalResultUrl(services.config),
      queueTimeoutUrl: reversalResultUrl(services.config),
      remarks: 'Second payment returned',
      occasion: row.id,
    });
    await db
      .updateTable('mpesaIncoming')
      .set({
        state: 'returning',
        reversalRef: answer.ConversationID,
        reversalOriginatorId: answer.OriginatorConversationID,
        updatedAt: now,
      })
      .where('id', '=', row.id)
      .where('state', '=', 'extra')
      .execute();
  } catch (err) {
    // An answer from M-Pesa that refuses is final; no answer at all is retried.
    if (!(err instanceof DarajaError) || err.status === 0 || err.status >= 500) throw err;
    await db
      .updateTable('mpesaIncoming')
      .set({ state: 'return_failed', reason: err.message.slice(0, 500), updatedAt: now })
      .where('id', '=', row.id)
      .where('state', '=', 'extra')
      .execute();
    services.log.error(
      { incomingId: row.id, err: err.message },
      'second payment could not be reversed: return it by hand',
    );
  }
}
