import type { Services } from '#server/core/services.ts';
import { DomainError, conflict, notFound } from '#server/core/errors.ts';
import { toNum } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { isId } from '#common/ids.ts';
import type { Actor } from '#server/core/actor.ts';
import { transitionPaymentsInTx } from '../payments/paymentStateMachine.ts';
import { postRefundInTx } from '../ledger/postRefundInTx.ts';
import { reversalResultUrl } from './reversalResultUrl.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';

/**
 * Refunds a paid purchase through an M-Pesa reversal, then revokes the enrollment it bought, marks the
 * payment refunded and lowers the course's student count. Order matters: the refund row is claimed first
 * (unique per payment, so two admins clicking at once cannot reverse twice), M-Pesa is asked next, and
 * only an accepted reversal changes the purchase; a refused one releases the claim and changes nothing.
 */
export async function refundPurchase(
  services: Services,
  actor: Actor,
  { paymentId, reason = '' }: { paymentId: string; reason?: string },
): Promise<{ status: 'refunded'; providerRef: string }> {
  requireAdmin(actor);
  if (!isId(paymentId)) throw notFound('Purchase not found.');
  const { db } = services.database;
  const refundId = newId();

  const payment = await db
    .transaction()
    .execute(async (trx) => {
      const p = await trx
        .selectFrom('payment')
        .select(['id', 'status', 'amount', 'mpesaReceipt', 'receiptCheck', 'courseId', 'userId'])
        .where('id', '=', paymentId)
        .executeTakeFirst();
      if (!p) throw notFound('Purchase not found.');
      if (p.status === 'refunded') throw conflict('This purchase has already been refunded.');
      if (p.status !== 'paid') throw conflict(`Only a paid purchase can be refunded (this one is ${p.status}).`);
      // An M-Pesa reversal names the transaction by its receipt, which Daraja confirms shortly after payment.
      if (!p.mpesaReceipt)
        throw conflict(
          p.receiptCheck === 'pending'
            ? 'M-Pesa has not confirmed this purchase’s receipt number yet; try the refund again in a minute.'
            : 'M-Pesa did not confirm this purchase’s receipt number, so Darasa cannot reverse it; reverse it in the M-Pesa portal.',
        );
      const claimed = await trx.selectFrom('refund').select('id').where('paymentId', '=', paymentId).executeTakeFirst();
      if (claimed) throw conflict('A refund of this purchase is already in progress.');
      await trx
        .insertInto('refund')
        .values({
          id: refundId,
          paymentId,
          actorId: actor.userId,
          amount: toNum(p.amount),
          providerRef: null,
          createdAt: services.clock.now(),
        })
        .execute();
      return { ...p, amount: toNum(p.amount), mpesaReceipt: p.mpesaReceipt };
    })
    .catch(async (err: unknown) => {
      if (err instanceof DomainError) throw err;
      // The unique paymentId lost a race with another admin's claim.
      const exists = await db.selectFrom('refund').select('id').where('paymentId', '=', paymentId).executeTakeFirst();
      if (exists) throw conflict('A refund of this purchase is already in progress.');
      throw err;
    });

  let providerRef: string;
  try {
    const answer = await services.daraja.reverseTransaction({
      transactionId: payment.mpesaReceipt,
      amount: payment.amount,
      resultUrl: reversalResultUrl(services.config),
      queueTimeoutUrl: reversalResultUrl(services.config),
      remarks: reason || 'Darasa refund',
      occasion: payment.id,
    });
    providerRef = answer.ConversationID;
  } catch (err) {
    await db.deleteFrom('refund').where('id', '=', refundId).execute();
    services.log.warn({ err, paymentId }, 'M-Pesa reversal refused');
    throw new DomainError(
      'provider_refused',
      'M-Pesa did not accept the reversal. Nothing was changed; please try again.',
    );
  }

  await db.transaction().execute(async (trx) => {
    const now = services.clock.now();
    await transitionPaymentsInTx(trx, { from: 'paid', to: 'refunded', changes: { updatedAt: now } })
      .where('id', '=', paymentId)
      .execute();
    await trx.updateTable('refund').set({ providerRef }).where('id', '=', refundId).execute();
    // The sale is reversed in the ledger with its own split; a creator already paid goes negative.
    await postRefundInTx(trx, { paymentId, actorId: actor.userId, reason, now });
    const revoked = await trx.deleteFrom('enrollment').where('paymentId', '=', paymentId).executeTakeFirst();
    if (Number(revoked.numDeletedRows) > 0) {
      await trx
        .updateTable('course')
        .set((eb) => ({
          enrolledCount: eb
            .case()
            .when('enrolledCount', '>', 0)
            .then(eb('enrolledCount', '-', 1))
            .else(0)
            .end(),
        }))
        .where('id', '=', payment.courseId)
        .execute();
    }
    await recordAuditInTx(trx, {
      actorId: actor.userId,
      action: 'purchase.refund',
      targetType: 'payment',
      targetId: paymentId,
      details: { amount: payment.amount, receipt: payment.mpesaReceipt, providerRef, ...(reason ? { reason } : {}) },
    });
  });
  services.catalogChanged();
  return { status: 'refunded', providerRef };
}
