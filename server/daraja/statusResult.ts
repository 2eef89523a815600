// What a Transaction Status result (parsed by b2cResult.ts) says about the transaction it was asked about.
// Shared by payouts and by the receipt check of customer payments.
import type { DarajaResult } from './b2cResult.ts';

/** Result codes for a transaction M-Pesa has no record of. */
const NOT_FOUND_CODES = new Set([2032]);

export type TransactionStatusAnswer =
  /** M-Pesa has no record of it. */
  | { kind: 'not_found' }
  /** An error or a queue time-out: nothing learnt, ask again later. */
  | { kind: 'no_answer' }
  | {
      kind: 'found';
      /** Completed, Failed, Cancelled, Declined, Pending… as M-Pesa writes it. */
      status: string;
      amount: number;
      receipt: string;
      debitParty: string;
      creditParty: string;
      reason: string;
      /** Set when the transaction was a request of ours (a payout). */
      originatorConversationId: string | null;
    };

export function readTransactionStatus(r: DarajaResult): TransactionStatusAnswer {
  if (NOT_FOUND_CODES.has(r.resultCode)) return { kind: 'not_found' };
  if (r.resultCode !== 0) return { kind: 'no_answer' };
  const text = (key: string) => (r.params[key] === undefined ? '' : String(r.params[key]));
  return {
    kind: 'found',
    status: text('TransactionStatus'),
    amount: Number(r.params.Amount),
    receipt: text('ReceiptNo') || (r.transactionId ?? ''),
    debitParty: text('DebitPartyName'),
    creditParty: text('CreditPartyName'),
    reason: text('TransactionReason'),
    originatorConversationId: r.params.OriginatorConversationID === undefined ? null : text('OriginatorConversationID'),
  };
}
