import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '#server/db/schema.ts';
import { canTransition } from './paymentStateMachine.ts';

const ALL: PaymentStatus[] = ['created', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded'];

describe('payment state machine', () => {
  it('only moves forward', () => {
    const allowed = ALL.flatMap((from) => ALL.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual([
      'created→pending',
      'created→failed',
      'created→expired',
      'pending→paid',
      'pending→failed',
      'pending→cancelled',
      'pending→expired',
      'paid→refunded',
      'expired→paid',
    ]);
  });

  it('never leaves a final failure, and never un-pays', () => {
    for (const to of ALL) {
      expect(canTransition('failed', to)).toBe(false);
      expect(canTransition('cancelled', to)).toBe(false);
      expect(canTransition('refunded', to)).toBe(false);
    }
    expect(canTransition('paid', 'failed')).toBe(false);
    expect(canTransition('paid', 'pending')).toBe(false);
  });
});
