// What a Transaction Status query (b2c.ts) reports about a customer's payment to the shortcode, an STK push
// or a Paybill payment, and about a reversal that gives one back.
import type { StatusSubject } from './b2c.ts';
import type { SimContext } from './simContext.ts';

/**
 * A customer's payment for Transaction Status: by receipt (STK or Paybill), or an STK push by its
 * CheckoutRequestID given as OriginalConversationID; a reversal by its request's OriginatorConversationID.
 */
export function customerPayment(
  ctx: Pick<SimContext, 'opts' | 'transactions' | 'paybillPayments' | 'reversals'>,
  transactionId: string,
  original: string,
): StatusSubject | undefined {
  const credit = `${ctx.opts.shortcode} - Darasa`;
  if (transactionId) {
    const paid = ctx.paybillPayments.find((p) => p.completed && p.transId === transactionId);
    if (paid) {
      const phone = paid.input.phone;
      const amount = paid.input.amount;
      return {
        receipt: paid.transId,
        amount,
        phone,
        state: 'completed',
        reason: '',
        // The business number the customer paid into.
        parties: [`${phone} - Customer`, `${paid.input.businessNumber} - Darasa`],
      };
    }
  }
  const reversal = transactionId ? undefined : ctx.reversals.get(original);
  if (reversal) {
    return {
      receipt: reversal.receipt,
      amount: reversal.amount,
      phone: reversal.phone,
      state: reversal.state,
      reason: reversal.reason,
      parties: [`${ctx.opts.shortcode} - Darasa`, `${reversal.phone} - Customer`],
    };
  }
  const tx = transactionId
    ? [...ctx.transactions.values()].find((t) => t.receipt === transactionId)
    : ctx.transactions.get(original);
  if (!tx) return undefined;
  const state = !tx.result ? 'pending' : tx.result.resultCode === 0 ? 'completed' : 'failed';
  return {
    receipt: tx.receipt,
    amount: tx.amount,
    phone: tx.phone,
    state,
    reason: state === 'failed' ? tx.result!.resultDesc : '',
    parties: [`${tx.phone} - Customer`, credit],
  };
}
