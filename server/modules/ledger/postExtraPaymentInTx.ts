import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { postEntryInTx } from './postEntryInTx.ts';

/**
 * A second payment for a purchase already paid: the money reached the paybill and is owed back to its
 * payer (payer_refunds_due), never to a creator; once M-Pesa confirms its reversal (`returned`) it leaves
 * the paybill again. Posted once per state change of the payment's mpesaIncoming row, which the caller
 * makes in the same transaction (so this entry carries no paymentId: one purchase may have several).
 */
export async function postExtraPaymentInTx(
  trx: Kysely<DB>,
  { incomingId, amount, returned, now }: { incomingId: string; amount: number; returned: boolean; now: Date },
): Promise<void> {
  const sign = returned ? -1 : 1;
  await postEntryInTx(trx, {
    kind: returned ? 'extra_returned' : 'extra_payment',
    memo: `mpesaIncoming ${incomingId}`,
    lines: [
      { account: 'mpesa_paybill', amount: sign * amount },
      { account: 'payer_refunds_due', amount: -sign * amount },
    ],
    now,
  });
}
