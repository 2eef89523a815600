import type { PaymentView } from './purchaseApi.ts';

/** The modal's headline for a settled payment; the body text comes from the server's message. */
export function outcomeTitle(p: PaymentView): string {
  switch (p.reason) {
    case 'paid':
      return 'Payment received';
    case 'cancelled':
      return 'Payment cancelled';
    case 'wrong_pin':
      return 'Wrong M-Pesa PIN';
    case 'insufficient_funds':
      return 'Not enough money on M-Pesa';
    case 'timeout':
      return 'Payment timed out';
    default:
      return 'Payment failed';
  }
}
