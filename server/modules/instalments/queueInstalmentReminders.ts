import type { Services } from '#server/core/services.ts';
import { INSTALMENTS, partDueDates } from '#common/instalments/instalments.ts';
import { planProgressInTx } from '../enrollments/planProgressInTx.ts';
import { sendInstalmentReminderJob } from './sendInstalmentReminderJob.ts';

const DAY_MS = 86_400_000;

/**
 * The periodic task `instalments.remind` (decision 0068): for each running plan whose next part is due within
 * `INSTALMENTS.remindDaysBefore` days (or overdue), one reminder for that part. The reminder's row
 * (plan, part) is written with its job in one transaction, so however often this runs, or in how many
 * processes at once, each part is reminded of once. Answers how many were queued.
 */
export async function queueInstalmentReminders(services: Services): Promise<number> {
  const { db } = services.database;
  const now = services.clock.now();
  // A plan is over once its last part is long due: older ones are never looked at again.
  const oldest = new Date(now.getTime() - (INSTALMENTS.maxParts * INSTALMENTS.daysBetween + 30) * DAY_MS);
  const plans = await db
    .selectFrom('instalmentPlan')
    .select('id')
    .where('stoppedAt', 'is', null)
    .where('createdAt', '>=', oldest)
    .execute();
  let queued = 0;
  for (const { id } of plans) {
    const inserted = await db.transaction().execute(async (trx) => {
      const plan = await planProgressInTx(trx, { planId: id });
      // Not started (its first part never paid), all paid, or refunded: nothing to remind of.
      if (!plan || plan.stopped || plan.paid === 0 || plan.paid >= plan.parts) return false;
      const part = plan.paid + 1;
      const due = partDueDates(plan.startedAt, plan.parts)[part - 1]!;
      if (now.getTime() < due.getTime() - INSTALMENTS.remindDaysBefore * DAY_MS) return false;
      const row = await trx
        .insertInto('instalmentReminder')
        .values({ planId: id, part, createdAt: now })
        .onConflict((oc) => oc.columns(['planId', 'part']).doNothing())
        .executeTakeFirst();
      if (Number(row.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      await services.jobs.enqueue(trx, sendInstalmentReminderJob, { planId: id, part });
      return true;
    });
    if (inserted) queued++;
  }
  return queued;
}
