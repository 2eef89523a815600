import { sql, type Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';

export interface CreatorBalances {
  /** Earned but still in the holding period (refunds come out of it first). */
  pending: number;
  /** May be paid out; negative after a refund of money already paid out. */
  available: number;
  /** Requested or sent to M-Pesa, not yet confirmed. */
  inFlight: number;
  /** Confirmed by M-Pesa, all time. */
  paidOut: number;
}

/** A creator's balances at `now`, summed over the ledger lines (never stored); inside a payout's transaction or not. */
export async function creatorBalancesInTx(
  trx: Kysely<DB>,
  { creatorId, now }: { creatorId: string; now: Date },
): Promise<CreatorBalances> {
  const rows = await trx
    .selectFrom('journalLine')
    .select([
      'account',
      sql<number>`coalesce(sum(case when "availableAt" > ${now} then "amount" else 0 end), 0)`.as('later'),
      sql<number>`coalesce(sum(case when "availableAt" <= ${now} then "amount" else 0 end), 0)`.as('now'),
    ])
    .where('creatorId', '=', creatorId)
    .groupBy('account')
    .execute();
  // Credits are negative: what the creator is owed is the negated sum (`|| 0` keeps -0 out).
  const owed = (account: string, part?: 'later' | 'now') => {
    const r = rows.find((x) => x.account === account);
    return -(part ? toNum(r?.[part]) : toNum(r?.later) + toNum(r?.now)) || 0;
  };
  return {
    pending: owed('creator_payable', 'later'),
    available: owed('creator_payable', 'now'),
    inFlight: owed('payouts_in_flight'),
    paidOut: owed('mpesa_b2c'),
  };
}
