// What a Daraja ResultCode means for a payment, and how to say it to the person paying.
import { z } from 'zod';

/**
 * Daraja documents ResultCode as numeric, but sends it as a number, as a numeric string, or (observed in
 * production callbacks) as a code like "SFC_IC0003". Numbers stay numbers; anything else is kept as text.
 */
export type DarajaResultCode = number | string;

export const resultCodeSchema = z
  .union([z.number().int(), z.string().trim().min(1).max(40)])
  .transform((v): DarajaResultCode => (typeof v === 'string' && /^-?\d{1,9}$/.test(v) ? Number(v) : v));

/** The code as our integer column stores it; a textual code is kept in the raw record instead. */
export function numericResultCode(code: DarajaResultCode): number | null {
  return typeof code === 'number' ? code : null;
}
export type PaymentOutcome = 'paid' | 'cancelled' | 'expired' | 'failed';

export interface ResultMeaning {
  outcome: PaymentOutcome;
  /** Stable reason for the UI to pick words and for admins to filter. */
  reason: 'paid' | 'cancelled' | 'timeout' | 'insufficient_funds' | 'wrong_pin' | 'failed';
  message: string;
}

const MEANINGS: Record<number, ResultMeaning> = {
  0: { outcome: 'paid', reason: 'paid', message: 'Payment received.' },
  1032: { outcome: 'cancelled', reason: 'cancelled', message: 'You cancelled the M-Pesa prompt. No money was taken.' },
  1037: {
    outcome: 'expired',
    reason: 'timeout',
    message: 'The M-Pesa prompt timed out before the PIN was entered. No money was taken.',
  },
  1019: {
    outcome: 'expired',
    reason: 'timeout',
    message: 'The M-Pesa prompt expired before the PIN was entered. No money was taken.',
  },
  1: {
    outcome: 'failed',
    reason: 'insufficient_funds',
    message: 'Your M-Pesa balance is not enough for this payment. Top up and try again.',
  },
  2001: { outcome: 'failed', reason: 'wrong_pin', message: 'The M-Pesa PIN was wrong. No money was taken.' },
};

export function meaningOf(resultCode: DarajaResultCode): ResultMeaning {
  return (
    (typeof resultCode === 'number' ? MEANINGS[resultCode] : undefined) ?? {
      outcome: 'failed',
      reason: 'failed',
      message: 'M-Pesa could not complete the payment. No money was taken.',
    }
  );
}
