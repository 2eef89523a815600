import type { Services } from '#server/core/services.ts';
import { sendPayoutJob } from './sendPayoutJob.ts';

/**
 * Sends again the payouts held because their creator was suspended, once the account is active again:
 * called when an admin restores an account, and by every payouts tick (so a restore whose release was
 * interrupted still releases). Returns how many were released.
 */
export async function releasePayouts(services: Services, { creatorId }: { creatorId?: string } = {}): Promise<number> {
  const { db } = services.database;
  let q = db
    .selectFrom('payout')
    .innerJoin('user', 'user.id', 'payout.creatorId')
    .select('payout.id')
    .where('payout.holdKind', '=', 'suspended')
    .where('payout.status', '=', 'requested')
    .where('user.status', '!=', 'suspended');
  if (creatorId) q = q.where('payout.creatorId', '=', creatorId);
  const held = await q.execute();
  let released = 0;
  for (const { id } of held) {
    await db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('payout')
        .set({ holdKind: null, holdReason: null, heldAt: null, updatedAt: services.clock.now() })
        .where('id', '=', id)
        .where('holdKind', '=', 'suspended')
        .where('status', '=', 'requested')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return;
      await services.jobs.enqueue(trx, sendPayoutJob, { payoutId: id });
      released++;
    });
  }
  return released;
}
