import { z } from 'zod';
import { defineJob } from '#server/jobs/defineJob.ts';
import { sendPayout } from './sendPayout.ts';

/**
 * Sends one requested payout to M-Pesa. Retried with backoff when M-Pesa cannot be reached: the
 * OriginatorConversationID is the payout id, so a repeated request never pays twice.
 */
export const sendPayoutJob = defineJob({
  type: 'payouts.send',
  schema: z.object({ payoutId: z.string().min(1).max(64) }),
  maxAttempts: 6,
  timeoutMs: 60_000,
  backoffMs: 5_000,
  handler: async ({ payoutId }, { services }) => {
    await sendPayout(services, { payoutId });
  },
});
