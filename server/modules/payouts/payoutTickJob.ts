import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import { defineJob } from '#server/jobs/defineJob.ts';
import { reconcilePayouts } from './reconcilePayouts.ts';
import { runScheduledPayouts } from './runScheduledPayouts.ts';

/**
 * The payout scheduler, on the durable job queue: each run queues the next one (PAYOUT_TICK_S later)
 * before working, opens the scheduled payouts that are due and asks about payouts whose result did not
 * come. ensurePayoutTick() starts the chain at start-up when no run is queued.
 */
export const payoutTickJob = defineJob({
  type: 'payouts.tick',
  schema: z.object({}),
  maxAttempts: 1,
  timeoutMs: 30 * 60_000,
  handler: async (_payload, { services }) => {
    await scheduleNextTick(services);
    await runScheduledPayouts(services);
    await reconcilePayouts(services);
  },
});

async function scheduleNextTick(services: Services): Promise<void> {
  await services.jobs.enqueue(
    services.database.db,
    payoutTickJob,
    {},
    { delayMs: services.config.PAYOUT_TICK_S * 1000 },
  );
}

/** Queues the first scheduler run unless one is already queued or running (start-up; several processes). */
export async function ensurePayoutTick(services: Services): Promise<void> {
  const pending = await services.database.db
    .selectFrom('job')
    .select('id')
    .where('type', '=', payoutTickJob.type)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  if (!pending) await scheduleNextTick(services);
}
