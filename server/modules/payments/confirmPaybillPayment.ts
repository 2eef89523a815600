import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { settlePayment } from './settlePayment.ts';
import { findPaybillPayment, type PaybillNotice } from './findPaybillPayment.ts';

/** The resultDesc of a payment settled by Paybill: its payer's phone may be any number. */
export const PAID_BY_PAYBILL = 'Paid by Paybill';

/**
 * Daraja's C2B confirmation: the money has moved. The purchase it names is settled as paid exactly once
 * (settlePayment moves it forward only, so a repeated confirmation changes nothing), also after it expired.
 * Money we cannot match (a purchase already paid another way, an amount validation would have refused) is
 * logged loudly for an admin to refund; the answer is always an acknowledgement, or Daraja retries.
 */
export async function confirmPaybillPayment(services: Services, input: PaybillNotice): Promise<{ settled: boolean }> {
  const { notice, payment } = await findPaybillPayment(services, input);
  if (!notice || !payment || notice.TransAmount !== toNum(payment.amount)) {
    services.log.warn(
      { transId: notice?.TransID, paymentId: payment?.id, amount: notice?.TransAmount },
      'Paybill payment that matches no purchase: refund it by hand',
    );
    return { settled: false };
  }
  const result = await settlePayment(services, {
    paymentId: payment.id,
    outcome: 'paid',
    resultCode: 0,
    resultDesc: PAID_BY_PAYBILL,
    receipt: notice.TransID,
    // Kept without the payer's name or number (masked anyway): the transaction id is the evidence.
    rawCallback: { ...notice, MSISDN: undefined, FirstName: undefined },
  });
  if (result && !result.changed && result.claimedReceipt !== notice.TransID) {
    services.log.warn({ paymentId: payment.id, transId: notice.TransID }, 'second payment for one purchase: refund it');
  }
  return { settled: !!result?.changed };
}
