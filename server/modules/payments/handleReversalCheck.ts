import type { Services } from '#server/core/services.ts';
import { invalidInput, notFound } from '#server/core/errors.ts';
import { toNum } from '#server/db/values.ts';
import { parseDarajaResult } from '#server/daraja/b2cResult.ts';
import { readTransactionStatus } from '#server/daraja/statusResult.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { isId } from '#common/ids.ts';
import { postExtraPaymentInTx } from '../ledger/postExtraPaymentInTx.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { completeRefundInTx } from './completeRefundInTx.ts';
import { sendRefundNoticeJob } from './sendRefundNoticeJob.ts';

type Outcome = 'unchanged' | 'done' | 'failed';

/**
 * Daraja's Transaction Status answer about a reversal (the URL names the refund or the returned second
 * payment). Only this answer settles a reversal, never the reversal's own (unsigned) result: Completed for
 * the amount, from our business number, gives the money back in our books (a refund then revokes access
 * and reverses the sale); Failed records M-Pesa's reason (a refund keeps access and can be retried; a
 * second payment waits for an admin). The payer hears of a refund either way. No record, errors and
 * pending answers change nothing (asked again later); a repeated answer changes nothing.
 */
export async function handleReversalCheck(
  services: Services,
  {
    secret,
    subject,
    id,
    originator,
    body,
  }: { secret: string; subject: string; id: string; originator: string; body: unknown },
): Promise<{ outcome: Outcome }> {
  if (!safeEqual(secret, services.config.mpesa.callbackSecret) || !isId(id)) throw notFound();
  if (subject !== 'refund' && subject !== 'incoming') throw notFound();
  const r = parseDarajaResult(body);
  if (!r) throw invalidInput('This is not an M-Pesa transaction status result.');
  const answer = readTransactionStatus(r);
  if (answer.kind !== 'found' || (answer.status !== 'Completed' && answer.status !== 'Failed'))
    return { outcome: 'unchanged' };
  const { db } = services.database;
  const row = await (subject === 'refund'
    ? db
        .selectFrom('refund')
        .select(['amount', 'paymentId', 'reversalOriginatorId'])
        .where('id', '=', id)
        .where('status', '=', 'requested')
    : db
        .selectFrom('mpesaIncoming')
        .select(['amount', 'paymentId', 'reversalOriginatorId'])
        .where('id', '=', id)
        .where('state', '=', 'returning')
  ).executeTakeFirst();
  // An answer about an earlier attempt (a refund asked again) says nothing about this one.
  if (!row || row.reversalOriginatorId !== originator) return { outcome: 'unchanged' };
  const shortcode = services.config.mpesa.shortcode;
  const completed =
    answer.status === 'Completed' &&
    answer.amount === toNum(row.amount) &&
    answer.debitParty.split(' - ')[0]!.trim() === shortcode;
  const reason = completed
    ? null
    : answer.status === 'Completed'
      ? 'M-Pesa’s record of the reversal does not match (amount or business number)'
      : (answer.reason || 'M-Pesa did not complete the reversal').slice(0, 500);
  const now = services.clock.now();
  const changed = await db.transaction().execute(async (trx) => {
    if (subject === 'incoming') {
      const moved = await trx
        .updateTable('mpesaIncoming')
        .set({ state: completed ? 'returned' : 'return_failed', reason, updatedAt: now })
        .where('id', '=', id)
        .where('state', '=', 'returning')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      if (completed)
        await postExtraPaymentInTx(trx, { incomingId: id, amount: toNum(row.amount), returned: true, now });
      return true;
    }
    if (completed) {
      if (!(await completeRefundInTx(trx, { refundId: id, now }))) return false;
    } else {
      const moved = await trx
        .updateTable('refund')
        .set({ status: 'failed', failureReason: reason, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'requested')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      await recordAuditInTx(trx, {
        actorId: 'mpesa',
        action: 'purchase.refund_failed',
        targetType: 'payment',
        targetId: row.paymentId!,
        details: { amount: toNum(row.amount), reason },
      });
    }
    for (const channel of ['sms', 'email'] as const)
      await services.jobs.enqueue(trx, sendRefundNoticeJob, { refundId: id, channel });
    return true;
  });
  if (!changed) return { outcome: 'unchanged' };
  if (subject === 'refund' && completed) services.catalogChanged();
  if (!completed) services.log.error({ subject, id, reason }, 'M-Pesa reversal failed');
  return { outcome: completed ? 'done' : 'failed' };
}
