import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { C2B_ACCEPT, C2B_REFUSE, type C2bAnswer } from '#server/daraja/c2b.ts';
import { findPaybillPayment, type PaybillNotice } from './findPaybillPayment.ts';
import { recordIncomingInTx } from './recordIncomingInTx.ts';

// Statuses a Paybill payment can still settle: waiting for the prompt, or given up on (the customer paid,
// so they get access: expired → paid is the state machine's one way back).
const PAYABLE = new Set(['pending', 'expired']);

/**
 * Daraja's C2B validation, before the customer's money moves: an account number that names no purchase we
 * can still settle, a different amount or another business number is refused with the documented code,
 * so M-Pesa cancels the payment and the customer keeps the money. An accepted TransID is recorded with its
 * account and amount: M-Pesa sends it before the payer (or anyone) learns the TransID, so its confirmation
 * must name the same ones (confirmPaybillPayment).
 */
export async function validatePaybillPayment(services: Services, input: PaybillNotice): Promise<C2bAnswer> {
  const { notice, payment } = await findPaybillPayment(services, input);
  if (!notice) return C2B_REFUSE.other;
  if (notice.BusinessShortCode !== services.config.mpesa.shortcode) return C2B_REFUSE.invalidShortcode;
  if (!payment || !PAYABLE.has(payment.status)) return C2B_REFUSE.invalidAccount;
  if (notice.TransAmount !== toNum(payment.amount)) return C2B_REFUSE.invalidAmount;
  const now = services.clock.now();
  const { db } = services.database;
  const id = await db.transaction().execute((trx) =>
    recordIncomingInTx(trx, {
      source: 'paybill',
      transId: notice.TransID,
      paymentId: payment.id,
      amount: notice.TransAmount,
      account: payment.paybillAccount,
      shortcode: notice.BusinessShortCode,
      state: 'validated',
      now,
    }),
  );
  if (id) return C2B_ACCEPT;
  // A TransID already recorded: the same question asked again is answered the same; anything else is not
  // a new payment.
  const seen = await db
    .selectFrom('mpesaIncoming')
    .select(['state', 'paymentId', 'amount'])
    .where('transId', '=', notice.TransID)
    .executeTakeFirst();
  const same =
    seen?.state === 'validated' && seen.paymentId === payment.id && toNum(seen.amount) === notice.TransAmount;
  return same ? C2B_ACCEPT : C2B_REFUSE.other;
}
