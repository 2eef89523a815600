// Payout rules and words shared by the earnings page and the server.

/** The smallest withdrawal, in KES (B2C charges make smaller ones poor value). */
export const MIN_PAYOUT_KES = 100;

export type PayoutScheduleName = 'manual' | 'daily' | 'weekly';

export const SCHEDULE_LABELS: Record<PayoutScheduleName, string> = {
  manual: 'Only when I withdraw',
  daily: 'Every day',
  weekly: 'Every Monday',
};

export type PayoutStatusName = 'requested' | 'sent' | 'paid' | 'failed';

export const PAYOUT_STATUS_LABELS: Record<PayoutStatusName, string> = {
  requested: 'Requested',
  sent: 'Sent to M-Pesa',
  paid: 'Paid',
  failed: 'Failed',
};

/**
 * The B2C ResultCode a Transaction Status answer's TransactionReason stands for (the answer carries M-Pesa's
 * words, not the code; payouts settle only from that answer, decision 0039).
 */
const CODE_BY_WORDS: [RegExp, number][] = [
  [/balance is insufficient/i, 1],
  [/unresolved receiver party|invalid (receiver|msisdn)/i, 7],
  [/unregistered|customer type/i, 2040],
];

/** Why M-Pesa did not pay a payout, in plain words for the creator (by B2C ResultCode, else M-Pesa's words). */
export function payoutFailureReason(resultCode: number | null, desc = ''): string {
  const code = resultCode ?? CODE_BY_WORDS.find(([words]) => words.test(desc))?.[1] ?? null;
  switch (code) {
    case 1:
      return 'Darasa’s M-Pesa payout account is short of funds right now. Your money is back in your balance; we will retry soon.';
    case 7:
    case 12:
    case 14:
      return 'M-Pesa did not recognise your payout number. Check the number and verify it again.';
    case 2040:
      return 'Your payout number is not registered for M-Pesa. Register it with Safaricom or use another number.';
    case 2032:
      return 'M-Pesa never processed this payout, so no money left Darasa. It is back in your balance.';
    default:
      return `M-Pesa could not complete this payout${desc ? ` (${desc.replace(/\.$/, '')})` : ''}. The money is back in your balance.`;
  }
}
