import type { PaymentStatus } from '../../db/schema.ts';

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

/** Statuses in which M-Pesa may still answer. */
export const OPEN_STATUSES = ['created', 'pending'] as const satisfies readonly PaymentStatus[];
