import type { Kysely } from 'kysely';
import type { DB, IncomingState } from '#server/db/schema.ts';
import { newId } from '#server/lib/ids.ts';

export interface IncomingNotice {
  source: 'paybill' | 'stk';
  transId: string | null;
  checkoutRequestId?: string | null;
  paymentId: string | null;
  amount: number;
  account?: string | null;
  shortcode?: string | null;
  phone?: string | null;
  state: Extract<IncomingState, 'validated' | 'checking' | 'held'>;
  reason?: string | null;
  now: Date;
}

/**
 * Records money M-Pesa told us about (unsigned) in the caller's transaction. One row per M-Pesa transaction
 * id: returns null, changing nothing, when that id is already recorded (a repeat, or a forger replaying a real
 * id), else the new row's id.
 */
export async function recordIncomingInTx(trx: Kysely<DB>, input: IncomingNotice): Promise<string | null> {
  const n = input;
  const id = newId();
  const row = await trx
    .insertInto('mpesaIncoming')
    .values({
      id,
      source: n.source,
      transId: n.transId,
      checkoutRequestId: n.checkoutRequestId ?? null,
      paymentId: n.paymentId,
      amount: n.amount,
      account: n.account ?? null,
      shortcode: n.shortcode ?? null,
      phone: n.phone ?? null,
      state: n.state,
      reason: n.reason ?? null,
      createdAt: n.now,
      updatedAt: n.now,
    })
    .onConflict((oc) => oc.column('transId').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? id : null;
}
