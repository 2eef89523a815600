import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { nairobiMonthStart } from '../shared/nairobiTime.ts';
import { platformRevenue } from '../ledger/platformRevenue.ts';

export interface PlatformFees {
  /** KES kept by Darasa, all time: fees less refunded fees, adjustments and payout number checks. */
  total: number;
  thisMonth: number;
  lastMonth: number;
  growthPct: number | null;
}

/** The admin dashboard's platform revenue, from the ledger (Nairobi calendar months). */
export async function getPlatformFees(db: Kysely<DB>, now = new Date()): Promise<PlatformFees> {
  const thisStart = nairobiMonthStart(now, 0);
  const lastStart = nairobiMonthStart(now, -1);
  const [total, thisMonth, lastMonth] = await Promise.all([
    platformRevenue(db, null),
    platformRevenue(db, thisStart),
    platformRevenue(db, lastStart, thisStart),
  ]);
  const growthPct = lastMonth === 0 ? null : Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
  return { total, thisMonth, lastMonth, growthPct };
}
