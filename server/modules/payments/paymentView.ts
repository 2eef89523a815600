import type { Selectable } from 'kysely';
import type { PaymentMethod, PaymentTable } from '#server/db/schema.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import { meaningOf } from '#server/daraja/resultCodes.ts';

/**
 * Seconds a live prompt waits before the modal also offers Paybill (decision 0040). A prompt that comes at
 * all reaches the phone within seconds and a PIN takes under half a minute; by 45 s a person without a prompt
 * has given up on it, and half of the 90-second window is still left to pay by Paybill.
 */
export const PAYBILL_OFFER_AFTER_S = 45;

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
  /** `stk`: a PIN prompt was sent; `paybill`: no prompt, the purchase waits for a Paybill payment. */
  method: PaymentMethod;
  /** Pay by Paybill instead of the prompt: the business number and this purchase's account number. */
  paybill: { businessNumber: string; account: string } | null;
  /**
   * Whether the modal offers Paybill now: the prompt timed out, or it has waited PAYBILL_OFFER_AFTER_S, or
   * no prompt was sent (a Paybill-only purchase). Never beside a fresh prompt, which would invite paying twice.
   */
  paybillOffered: boolean;
}

/** `now`: when the payer reads it (without it, a pending payment does not offer Paybill yet). */
export function paymentView(p: Selectable<PaymentTable>, businessNumber: string, now?: Date): PaymentView {
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
    method: p.method,
    paybill: p.paybillAccount ? { businessNumber, account: p.paybillAccount } : null,
    paybillOffered: !!p.paybillAccount && paybillOffered(p, now),
  };
}

// Paybill can still settle a pending or an expired payment (validatePaybillPayment); an expired one is a
// prompt that timed out, a pending one is offered once a person would have given up waiting for its prompt,
// or at once when there is no prompt (a Paybill-only purchase).
function paybillOffered(p: Selectable<PaymentTable>, now: Date | undefined): boolean {
  if (p.status === 'expired') return true;
  if (p.status !== 'pending') return false;
  if (p.method === 'paybill') return true;
  if (!now) return false;
  return now.getTime() - Date.parse(toIso(p.createdAt)) >= PAYBILL_OFFER_AFTER_S * 1000;
}
