import type { Services } from '#server/core/services.ts';
import { DomainError, conflict, notFound } from '#server/core/errors.ts';
import { toNum } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { reversalResultUrl } from './reversalResultUrl.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';

const GIFT_CLAIMED = 'This gift has been claimed: its recipient owns the course, so it cannot be refunded here.';

/**
 * Asks M-Pesa to reverse a paid purchase (or asks again after a reversal failed). The purchase is then
 * "refund requested": it stays paid, with its access and its sale in the ledger, until Transaction Status
 * confirms the reversal (handleReversalCheck revokes access then, or records M-Pesa's reason when it
 * failed). Order matters: the refund row is claimed first (unique per payment, and a failed one is taken
 * back by a conditional update, so two admins clicking at once cannot reverse twice), M-Pesa is asked next,
 * and a request M-Pesa refuses on the spot releases the claim and changes nothing.
 */
export async function requestRefund(
  services: Services,
  { paymentId, actorId, reason = '' }: { paymentId: string; actorId: string; reason?: string },
): Promise<{ status: 'requested'; providerRef: string }> {
  const { db } = services.database;
  const now = services.clock.now();

  const claim = await db
    .transaction()
    .execute(async (trx) => {
      const p = await trx
        .selectFrom('payment')
        .select(['id', 'status', 'amount', 'mpesaReceipt', 'receiptCheck'])
        .where('id', '=', paymentId)
        .executeTakeFirst();
      if (!p) throw notFound('Purchase not found.');
      if (p.status === 'refunded') throw conflict('This purchase has already been refunded.');
      if (p.status !== 'paid') throw conflict('Only a paid purchase can be refunded.');
      // An M-Pesa reversal names the transaction by its receipt, which Daraja confirms shortly after payment.
      if (!p.mpesaReceipt)
        throw conflict(
          p.receiptCheck === 'pending'
            ? 'M-Pesa has not confirmed this purchase’s receipt number yet; try the refund again in a minute.'
            : 'M-Pesa did not confirm this purchase’s receipt number, so Darasa cannot reverse it; reverse it in the M-Pesa portal.',
        );
      // A gift: only an unclaimed one, and its claim link stops working now (a conditional update, so a claim
      // racing this request either lands first and is refused here, or finds the gift cancelled).
      const gift = await trx
        .selectFrom('gift')
        .select(['id', 'claimedAt', 'cancelledAt'])
        .where('paymentId', '=', paymentId)
        .executeTakeFirst();
      if (gift?.claimedAt) throw conflict(GIFT_CLAIMED);
      if (gift && !gift.cancelledAt) {
        const held = await trx
          .updateTable('gift')
          .set({ cancelledAt: now })
          .where('id', '=', gift.id)
          .where('claimedAt', 'is', null)
          .executeTakeFirst();
        if (Number(held.numUpdatedRows) === 0) throw conflict(GIFT_CLAIMED);
      }
      const earlier = await trx
        .selectFrom('refund')
        .select(['id', 'status'])
        .where('paymentId', '=', paymentId)
        .executeTakeFirst();
      if (earlier) {
        // Only a failed refund is asked again, and only by one admin.
        const retried =
          earlier.status === 'failed' &&
          Number(
            (
              await trx
                .updateTable('refund')
                .set({
                  status: 'requested',
                  providerRef: null,
                  reversalOriginatorId: null,
                  amount: toNum(p.amount),
                  actorId,
                  updatedAt: now,
                })
                .where('id', '=', earlier.id)
                .where('status', '=', 'failed')
                .executeTakeFirst()
            ).numUpdatedRows,
          ) > 0;
        if (!retried) throw conflict('A refund of this purchase is already in progress.');
        return { refundId: earlier.id, retry: true, amount: toNum(p.amount), receipt: p.mpesaReceipt, giftId: null };
      }
      const refundId = newId();
      await trx
        .insertInto('refund')
        .values({
          id: refundId,
          paymentId,
          actorId,
          amount: toNum(p.amount),
          providerRef: null,
          status: 'requested',
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return { refundId, retry: false, amount: toNum(p.amount), receipt: p.mpesaReceipt, giftId: gift?.id ?? null };
    })
    .catch(async (err: unknown) => {
      if (err instanceof DomainError) throw err;
      // The unique paymentId lost a race with another admin's claim.
      const exists = await db.selectFrom('refund').select('id').where('paymentId', '=', paymentId).executeTakeFirst();
      if (exists) throw conflict('A refund of this purchase is already in progress.');
      throw err;
    });

  let answer: { ConversationID: string; OriginatorConversationID: string };
  try {
    answer = await services.daraja.reverseTransaction({
      transactionId: claim.receipt,
      amount: claim.amount,
      resultUrl: reversalResultUrl(services.config),
      queueTimeoutUrl: reversalResultUrl(services.config),
      remarks: reason || 'Darasa refund',
      occasion: paymentId,
    });
  } catch (err) {
    // Released as it was: a first request leaves no refund, a retry stays failed.
    if (claim.retry)
      await db.updateTable('refund').set({ status: 'failed' }).where('id', '=', claim.refundId).execute();
    else {
      await db.deleteFrom('refund').where('id', '=', claim.refundId).execute();
      // The gift's link works again: nothing was changed.
      if (claim.giftId)
        await db.updateTable('gift').set({ cancelledAt: null }).where('id', '=', claim.giftId).execute();
    }
    services.log.warn({ err, paymentId }, 'M-Pesa reversal refused');
    throw new DomainError(
      'provider_refused',
      'M-Pesa did not accept the reversal. Nothing was changed; please try again.',
    );
  }

  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('refund')
      .set({ providerRef: answer.ConversationID, reversalOriginatorId: answer.OriginatorConversationID })
      .where('id', '=', claim.refundId)
      .execute();
    await recordAuditInTx(trx, {
      actorId,
      action: claim.retry ? 'purchase.refund_retried' : 'purchase.refund_requested',
      targetType: 'payment',
      targetId: paymentId,
      details: {
        amount: claim.amount,
        receipt: claim.receipt,
        providerRef: answer.ConversationID,
        ...(reason ? { reason } : {}),
      },
    });
  });
  return { status: 'requested', providerRef: answer.ConversationID };
}
