import type { Services } from '#server/core/services.ts';
import { normalisePaybillAccount } from './paybillAccount.ts';
import { findPaybillPayment, type PaybillNotice } from './findPaybillPayment.ts';
import { recordIncomingInTx } from './recordIncomingInTx.ts';
import { checkIncomingJob } from './checkIncomingJob.ts';

/** The resultDesc of a payment settled by Paybill: its payer's phone may be any number. */
export const PAID_BY_PAYBILL = 'Paid by Paybill';

/**
 * Daraja's C2B confirmation. It is not signed, so it grants nothing: the transaction it names is recorded
 * (TransID, amount, account number, shortcode) and M-Pesa is asked about it by Transaction Status
 * (checkIncomingJob); only an answer that agrees settles the purchase (handleIncomingResult). When our
 * validation accepted this TransID, the confirmation must name the account and amount validated, or it is
 * held for an admin. A TransID already recorded changes nothing, so repeats (and replays of a real TransID
 * for another account) are harmless. The answer is always an acknowledgement, or Daraja retries.
 */
export async function confirmPaybillPayment(services: Services, input: PaybillNotice): Promise<{ recorded: boolean }> {
  const { notice, payment } = await findPaybillPayment(services, input);
  if (!notice) {
    services.log.warn('Paybill confirmation that is not a C2B notice: ignored');
    return { recorded: false };
  }
  const now = services.clock.now();
  const account = normalisePaybillAccount(notice.BillRefNumber);
  const recorded = await services.database.db.transaction().execute(async (trx) => {
    const validated = await trx
      .selectFrom('mpesaIncoming')
      .select(['id', 'state', 'account', 'amount'])
      .where('transId', '=', notice.TransID)
      .executeTakeFirst();
    if (validated && validated.state !== 'validated') return null; // a repeat
    const agrees = !validated || (validated.account === account && Number(validated.amount) === notice.TransAmount);
    const next = agrees ? ('checking' as const) : ('held' as const);
    const reason = agrees ? null : 'the confirmation names another account or amount than the one validated';
    let id = validated?.id ?? null;
    if (validated) {
      await trx
        .updateTable('mpesaIncoming')
        .set({ state: next, reason, updatedAt: now })
        .where('id', '=', validated.id)
        .where('state', '=', 'validated')
        .execute();
    } else {
      id = await recordIncomingInTx(trx, {
        source: 'paybill',
        transId: notice.TransID,
        paymentId: payment?.id ?? null,
        amount: notice.TransAmount,
        account,
        shortcode: notice.BusinessShortCode,
        state: 'checking',
        now,
      });
    }
    if (id && next === 'checking') await services.jobs.enqueue(trx, checkIncomingJob, { incomingId: id });
    return id ? { id, next } : null;
  });
  if (recorded?.next === 'held')
    services.log.error({ transId: notice.TransID }, 'Paybill confirmation contradicts its validation: held');
  return { recorded: !!recorded };
}
