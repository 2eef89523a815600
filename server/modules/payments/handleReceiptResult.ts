import type { Services } from '#server/core/services.ts';
import { invalidInput, notFound } from '#server/core/errors.ts';
import { toNum } from '#server/db/values.ts';
import { parseDarajaResult } from '#server/daraja/b2cResult.ts';
import { readTransactionStatus } from '#server/daraja/statusResult.ts';
import { safeEqual } from '#server/lib/safeEqual.ts';
import { isId } from '#common/ids.ts';
import { PAID_BY_PAYBILL } from './confirmPaybillPayment.ts';
import { receiptJobs, sendReceiptJob } from './sendReceiptJob.ts';

const RECEIPT = /^[A-Z0-9]{8,12}$/;

/**
 * Daraja's answer to the Transaction Status query about a paid payment's receipt (the URL names the
 * payment). A completed transaction for the payment's amount, from its phone (an STK push; Paybill payers
 * may pay from any number), with the receipt a callback claimed if it claimed one, confirms the receipt:
 * only then is it shown and used for refunds. An answer that contradicts the payment (another amount, phone
 * or receipt, or no record of a claimed receipt) flags it for an admin and is never shown. Errors and
 * queue time-outs teach nothing (the reconciler asks again); a repeated answer changes nothing.
 */
export async function handleReceiptResult(
  services: Services,
  { secret, paymentId, body }: { secret: string; paymentId: string; body: unknown },
): Promise<{ confirmed: boolean }> {
  if (!safeEqual(secret, services.config.mpesa.callbackSecret) || !isId(paymentId)) throw notFound();
  const r = parseDarajaResult(body);
  if (!r) throw invalidInput('This is not an M-Pesa transaction status result.');
  const { db } = services.database;
  const p = await db
    .selectFrom('payment')
    .select(['id', 'amount', 'phone', 'claimedReceipt', 'receiptCheck', 'resultDesc'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!p) throw notFound();
  if (p.receiptCheck !== 'pending') return { confirmed: false };
  const answer = readTransactionStatus(r);
  if (answer.kind === 'no_answer') return { confirmed: false };
  if (answer.kind === 'found' && answer.status !== 'Completed' && answer.status !== 'Failed') {
    return { confirmed: false }; // still being processed: asked again later
  }
  // Not known by CheckoutRequestID (yet): asked again later.
  if (answer.kind === 'not_found' && !p.claimedReceipt) return { confirmed: false };
  const byPaybill = p.resultDesc === PAID_BY_PAYBILL;
  const problem =
    answer.kind === 'not_found'
      ? 'M-Pesa has no record of the receipt number'
      : answer.status !== 'Completed'
        ? 'M-Pesa reports the transaction as not completed'
        : answer.amount !== toNum(p.amount)
          ? 'the amount differs'
          : !byPaybill && !answer.debitParty.startsWith(p.phone)
            ? 'the paying phone differs'
            : p.claimedReceipt && answer.receipt !== p.claimedReceipt
              ? 'the receipt number differs'
              : !RECEIPT.test(answer.receipt)
                ? 'the receipt number is malformed'
                : null;
  const now = services.clock.now();
  if (problem || answer.kind !== 'found') {
    // Only a pending check is flagged: a duplicate of an answer already applied changes nothing.
    await db
      .updateTable('payment')
      .set({ receiptCheck: 'mismatch', receiptCheckedAt: now, updatedAt: now })
      .where('id', '=', p.id)
      .where('receiptCheck', '=', 'pending')
      .execute();
    services.log.error(
      { paymentId: p.id, claimed: p.claimedReceipt, problem },
      'M-Pesa receipt not confirmed: Transaction Status contradicts the payment; check it by hand',
    );
    await services.jobs.hurry(db, sendReceiptJob, receiptJobs(p.id));
    return { confirmed: false };
  }
  const done = await db
    .updateTable('payment')
    .set({ mpesaReceipt: answer.receipt, receiptCheck: 'confirmed', receiptCheckedAt: now, updatedAt: now })
    .where('id', '=', p.id)
    .where('receiptCheck', '=', 'pending')
    .executeTakeFirst();
  // The receipts waited for this answer: they go now, quoting the confirmed number.
  await services.jobs.hurry(db, sendReceiptJob, receiptJobs(p.id));
  return { confirmed: Number(done.numUpdatedRows) > 0 };
}
