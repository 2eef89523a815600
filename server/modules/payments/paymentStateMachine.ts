import type { Kysely, Updateable } from 'kysely';
import type { DB, PaymentStatus, PaymentTable } from '#server/db/schema.ts';

// Forward-only transitions. `expired → paid` is the one way back: M-Pesa may confirm a payment after we
// stopped waiting, and the customer paid, so they get access (flagged lateSuccess). Refunds are admin work.
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['pending', 'failed', 'expired'],
  pending: ['paid', 'failed', 'cancelled', 'expired'],
  expired: ['paid'],
  paid: ['refunded'],
  failed: [],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}

/**
 * The one way a payment's status changes: an update of the payments still in `from` (narrow it with
 * `.where(…)`, then execute it), in the caller's transaction or on its own. Conditional on the current
 * status, so of two processes settling one payment only one moves it; a transition the machine forbids is
 * a programming error and throws.
 */
export function transitionPaymentsInTx(
  trx: Kysely<DB>,
  { from, to, changes }: { from: PaymentStatus; to: PaymentStatus; changes: Omit<Updateable<PaymentTable>, 'status'> },
) {
  if (!canTransition(from, to)) throw new Error(`A payment cannot go from ${from} to ${to}`);
  return trx
    .updateTable('payment')
    .set({ ...changes, status: to })
    .where('status', '=', from);
}
