import type { Selectable } from 'kysely';
import type { PaymentTable } from '#server/db/schema.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import { meaningOf } from '#server/daraja/resultCodes.ts';

/** What the payer sees of a payment: enough for the purchase modal to show progress and the outcome. */
export interface PaymentView {
  id: string;
  courseId: string;
  status: PaymentTable['status'];
  /** Why it ended, for the modal to pick its words. */
  reason: 'paid' | 'cancelled' | 'timeout' | 'insufficient_funds' | 'wrong_pin' | 'failed' | null;
  message: string | null;
  amount: number;
  phone: string;
  receipt: string | null;
  lateSuccess: boolean;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  /** Pay by Paybill instead of the prompt: the business number and this purchase's account number. */
  paybill: { businessNumber: string; account: string } | null;
}

export function paymentView(p: Selectable<PaymentTable>, businessNumber: string): PaymentView {
  const settled = p.status !== 'created' && p.status !== 'pending';
  const meaning = p.resultCode == null ? null : meaningOf(toNum(p.resultCode));
  const reason = !settled
    ? null
    : p.status === 'paid' || p.status === 'refunded'
      ? 'paid'
      : p.status === 'expired'
        ? // Expired by us without an answer is a timeout; M-Pesa may have told us more since.
          (meaning?.reason ?? 'timeout')
        : (meaning?.reason ?? 'failed');
  return {
    id: p.id,
    courseId: p.courseId,
    status: p.status,
    reason,
    message: settled ? (meaning?.message ?? p.resultDesc) : null,
    amount: toNum(p.amount),
    phone: p.phone,
    receipt: p.mpesaReceipt,
    lateSuccess: toBool(p.lateSuccess),
    createdAt: toIso(p.createdAt),
    expiresAt: toIso(p.expiresAt),
    paidAt: p.paidAt == null ? null : toIso(p.paidAt),
    paybill: p.paybillAccount ? { businessNumber, account: p.paybillAccount } : null,
  };
}
