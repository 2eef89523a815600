import type { Selectable } from 'kysely';
import type { Services } from '#server/core/services.ts';
import type { MpesaIncomingTable } from '#server/db/schema.ts';
import { invalidInput, notFound } from '#server/core/errors.ts';
import { toNum } from '#server/db/values.ts';
import { parseDarajaResult } from '#server/daraja/b2cResult.ts';
import { readTransactionStatus, type TransactionStatusAnswer } from '#server/daraja/statusResult.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { isId } from '#common/ids.ts';
import { postExtraPaymentInTx } from '../ledger/postExtraPaymentInTx.ts';
import { PAID_BY_PAYBILL } from './confirmPaybillPayment.ts';
import { settlePayment } from './settlePayment.ts';
import { returnExtraJob } from './returnExtraJob.ts';

const PAYABLE = new Set(['pending', 'expired']);

type Outcome = 'unchanged' | 'held' | 'settled' | 'extra';

/**
 * Daraja's Transaction Status answer about money a C2B confirmation or a second STK success told us of (the
 * URL names the mpesaIncoming row). Only an answer that agrees acts: the transaction is Completed, with the
 * TransID, the amount and our business number as credit party (and, for a Paybill payment, an account that
 * names a purchase at that price; for an STK push, the purchase's phone). A Paybill payment then settles its
 * purchase (access and ledger); money for a purchase already paid is a second payment, returned through a
 * reversal (returnExtraJob). An answer that disagrees holds the row for an admin with the reason; nothing is
 * granted. Errors, time-outs and pending transactions teach nothing; a repeated answer changes nothing.
 */
export async function handleIncomingResult(
  services: Services,
  { secret, incomingId, body }: { secret: string; incomingId: string; body: unknown },
): Promise<{ outcome: Outcome }> {
  if (!safeEqual(secret, services.config.mpesa.callbackSecret) || !isId(incomingId)) throw notFound();
  const r = parseDarajaResult(body);
  if (!r) throw invalidInput('This is not an M-Pesa transaction status result.');
  const { db } = services.database;
  const row = await db.selectFrom('mpesaIncoming').selectAll().where('id', '=', incomingId).executeTakeFirst();
  if (!row) throw notFound();
  if (row.state !== 'checking') return { outcome: 'unchanged' };
  const answer = readTransactionStatus(r);
  if (answer.kind === 'no_answer') return { outcome: 'unchanged' };
  if (answer.kind === 'found' && answer.status !== 'Completed' && answer.status !== 'Failed') {
    return { outcome: 'unchanged' }; // still being processed: asked again later
  }
  const payment = row.paymentId
    ? await db
        .selectFrom('payment')
        .select(['id', 'amount', 'status', 'phone'])
        .where('id', '=', row.paymentId)
        .executeTakeFirst()
    : undefined;
  const now = services.clock.now();
  const problem = disagreement(services.config.mpesa.shortcode, row, payment, answer);
  if (problem || answer.kind !== 'found') {
    await db
      .updateTable('mpesaIncoming')
      .set({ state: 'held', reason: problem, updatedAt: now })
      .where('id', '=', row.id)
      .where('state', '=', 'checking')
      .execute();
    services.log.error(
      { incomingId: row.id, transId: row.transId, problem },
      'M-Pesa payment held: Transaction Status disagrees',
    );
    return { outcome: 'held' };
  }
  if (row.source === 'paybill' && payment) {
    if (PAYABLE.has(payment.status)) {
      await settlePayment(services, {
        paymentId: payment.id,
        outcome: 'paid',
        resultCode: 0,
        resultDesc: PAID_BY_PAYBILL,
        receipt: answer.receipt,
        rawCallback: { TransID: row.transId, TransAmount: row.amount, BillRefNumber: row.account },
        rawQuery: body,
      });
    }
    // Settled by this transaction (now, or by an earlier run of this answer): its receipt is the purchase's.
    const settledBy = await db
      .selectFrom('payment')
      .select('id')
      .where('id', '=', payment.id)
      .where('status', 'in', ['paid', 'refunded'])
      .where((eb) => eb.or([eb('claimedReceipt', '=', answer.receipt), eb('mpesaReceipt', '=', answer.receipt)]))
      .executeTakeFirst();
    if (settledBy) {
      await db
        .updateTable('mpesaIncoming')
        .set({ state: 'settled', updatedAt: now })
        .where('id', '=', row.id)
        .where('state', '=', 'checking')
        .execute();
      return { outcome: 'settled' };
    }
  }
  // Real money for a purchase already paid (or no longer payable): a second payment, to be returned.
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('mpesaIncoming')
      .set({
        state: 'extra',
        transId: row.transId ?? answer.receipt,
        phone: row.phone ?? payment?.phone ?? null,
        updatedAt: now,
      })
      .where('id', '=', row.id)
      .where('state', '=', 'checking')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return;
    await postExtraPaymentInTx(trx, { incomingId: row.id, amount: toNum(row.amount), returned: false, now });
    await services.jobs.enqueue(trx, returnExtraJob, { incomingId: row.id });
  });
  services.log.warn({ incomingId: row.id, paymentId: row.paymentId }, 'second payment for a purchase: returning it');
  return { outcome: 'extra' };
}

/** Why M-Pesa's answer does not confirm the money as told; null when it agrees. */
function disagreement(
  shortcode: string,
  row: Selectable<MpesaIncomingTable>,
  payment: { amount: number; phone: string } | undefined,
  answer: TransactionStatusAnswer,
): string | null {
  if (answer.kind !== 'found') return 'M-Pesa has no record of this transaction';
  if (answer.status !== 'Completed') return `M-Pesa reports the transaction as ${answer.status}`;
  if (row.transId && answer.receipt !== row.transId) return 'the transaction id differs';
  if (answer.amount !== toNum(row.amount)) return 'the amount differs';
  // "600000 - Darasa": the business the money went to.
  if (answer.creditParty.split(' - ')[0]!.trim() !== shortcode) return 'the money did not go to our business number';
  if (row.source === 'paybill') {
    if (row.shortcode !== shortcode) return 'the confirmation names another business number';
    if (!payment) return 'the account number names no purchase';
    if (toNum(payment.amount) !== toNum(row.amount)) return 'the amount is not the purchase’s price';
  } else if (payment && !answer.debitParty.startsWith(payment.phone)) {
    return 'the paying phone differs';
  }
  return null;
}
