import type { Services } from '#server/core/services.ts';
import { DomainError } from '#server/core/errors.ts';
import { toIso } from '#server/db/values.ts';
import { createPayout } from './createPayout.ts';
import { lastRunAt } from './payoutSchedule.ts';

/**
 * One scheduled run: every verified creator on a daily or weekly schedule whose latest run time has passed
 * since their last automatic payout gets their whole available balance (if at least the minimum). The run
 * is marked on the account first, so a run repeated by another process or a retried job pays nobody twice
 * (the open-payout rule stops the rest). A suspended creator is skipped without marking the run, so the
 * first run after the account is restored pays what is due. Returns the payouts opened.
 */
export async function runScheduledPayouts(services: Services): Promise<number> {
  const { db } = services.database;
  const now = services.clock.now();
  const accounts = await db
    .selectFrom('payoutAccount')
    .innerJoin('user', 'user.id', 'payoutAccount.userId')
    .select(['payoutAccount.userId', 'payoutAccount.schedule', 'payoutAccount.lastAutoAt'])
    .where('payoutAccount.schedule', 'in', ['daily', 'weekly'])
    .where('payoutAccount.verifiedPhone', 'is not', null)
    .where('payoutAccount.holdReason', 'is', null)
    .where('user.status', '!=', 'suspended')
    .execute();
  let opened = 0;
  for (const a of accounts) {
    if (a.schedule === 'manual') continue;
    const slot = lastRunAt(a.schedule, now);
    if (a.lastAutoAt && new Date(toIso(a.lastAutoAt)) >= slot) continue;
    const claimed = await db
      .updateTable('payoutAccount')
      .set({ lastAutoAt: now })
      .where('userId', '=', a.userId)
      .where((eb) => (a.lastAutoAt ? eb('lastAutoAt', '=', a.lastAutoAt) : eb('lastAutoAt', 'is', null)))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    try {
      await createPayout(services, { creatorId: a.userId, purpose: 'scheduled', amount: null });
      opened++;
    } catch (err) {
      // Too little available, or a payout already open: nothing to pay in this run.
      if (!(err instanceof DomainError)) throw err;
    }
  }
  return opened;
}
