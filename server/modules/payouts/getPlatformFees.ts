import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import { nairobiMonthStart } from '../shared/nairobiTime.ts';
import { platformRevenueInTx } from '../ledger/platformRevenueInTx.ts';

export interface PlatformFees {
  /** KES kept by Darasa, all time: fees less refunded fees, adjustments and payout number checks. */
  total: number;
  thisMonth: number;
  lastMonth: number;
  growthPct: number | null;
}

/** The admin dashboard's platform revenue, from the ledger (Nairobi calendar months). */
export async function getPlatformFees(services: Services, actor: Actor): Promise<PlatformFees> {
  requireAdmin(actor);
  const { db } = services.database;
  const now = services.clock.now();
  const thisStart = nairobiMonthStart(now, 0);
  const lastStart = nairobiMonthStart(now, -1);
  const [total, thisMonth, lastMonth] = await Promise.all([
    platformRevenueInTx(db, { from: null, to: null }),
    platformRevenueInTx(db, { from: thisStart, to: null }),
    platformRevenueInTx(db, { from: lastStart, to: thisStart }),
  ]);
  const growthPct = lastMonth === 0 ? null : Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
  return { total, thisMonth, lastMonth, growthPct };
}
