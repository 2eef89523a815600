import type { TransactionStatusAnswer } from '#server/daraja/statusResult.ts';

type Found = Extract<TransactionStatusAnswer, { kind: 'found' }>;

interface PayoutFacts {
  amount: number;
  phone: string;
  originatorConversationId: string;
  conversationId: string | null;
  purpose: string;
}

/** "254708374149 - Wanjiru Kamau" or "600000 - Darasa": the number or shortcode before the name. */
const partyNumber = (party: string) => /^\s*(\d+)\s*-/.exec(party)?.[1] ?? null;
/** The registered name after the number ("Wanjiru Kamau"), as the payout number check shows it. */
export const partyName = (party: string) => party.replace(/^\s*\d+\s*-\s*/, '').trim();

/**
 * Why a Transaction Status answer does not describe this payout, or null when it agrees: the request
 * (OriginatorConversationID, and ConversationID once known), the amount, the receiving number, our B2C
 * shortcode and, for the KES 1 number check, a registered name. Words for the admin who settles it.
 */
export function statusDisagreement(
  p: PayoutFacts,
  a: Found,
  { shortcode, conversationId }: { shortcode: string; conversationId: string | null },
): string | null {
  if (a.originatorConversationId !== p.originatorConversationId)
    return `M-Pesa's answer is about another request (${a.originatorConversationId ?? 'none named'}).`;
  if (p.conversationId && conversationId !== p.conversationId)
    return `M-Pesa's answer names conversation ${conversationId ?? '(none)'}, the payout ${p.conversationId}.`;
  if (a.amount !== p.amount) return `M-Pesa reports KES ${a.amount}; the payout is KES ${p.amount}.`;
  const to = partyNumber(a.creditParty);
  if (to !== p.phone) return `M-Pesa reports the receiver as ${to ?? 'unknown'}; the payout is to ${p.phone}.`;
  const from = partyNumber(a.debitParty);
  if (from !== shortcode) return `M-Pesa reports the payer as ${from ?? 'unknown'}; our B2C shortcode is ${shortcode}.`;
  if (p.purpose === 'verification' && a.status === 'Completed' && !partyName(a.creditParty))
    return 'M-Pesa named no registered owner for the number.';
  return null;
}
