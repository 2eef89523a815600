import type { Services } from '#server/core/services.ts';
import { REQUESTED_GRACE_MS } from './payoutTiming.ts';
import { queryPayoutStatus } from './queryPayoutStatus.ts';

const BATCH = 100;

/**
 * Payouts whose result did not come (lost, the server was down, a time-out in M-Pesa's queue) are asked
 * about with a Transaction Status query once PAYOUT_QUERY_AFTER_S old, and again as often, until the
 * answer settles them. Held payouts wait for an admin or a restored account instead. Returns how many were asked about.
 */
export async function reconcilePayouts(services: Services): Promise<number> {
  const { db } = services.database;
  const now = services.clock.now();
  const askBefore = new Date(now.getTime() - services.config.PAYOUT_QUERY_AFTER_S * 1000);
  const due = await db
    .selectFrom('payout')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'sent'), eb('updatedAt', '<=', askBefore)]),
        eb.and([eb('status', '=', 'requested'), eb('updatedAt', '<=', new Date(now.getTime() - REQUESTED_GRACE_MS))]),
      ]),
    )
    .where((eb) => eb.or([eb('checkedAt', 'is', null), eb('checkedAt', '<=', askBefore)]))
    .where('holdKind', 'is', null)
    .orderBy('updatedAt')
    .limit(BATCH)
    .execute();
  for (const p of due) {
    await queryPayoutStatus(services, { payoutId: p.id }).catch((err: unknown) =>
      services.log.warn({ payoutId: p.id, err: String(err) }, 'payout status query failed'),
    );
  }
  return due.length;
}
