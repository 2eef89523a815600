import { z } from 'zod';
import { defineJob } from '#server/jobs/defineJob.ts';
import { queryIncoming } from './queryIncoming.ts';

/**
 * Asks M-Pesa (Transaction Status) about money a C2B confirmation or a second STK success told us of,
 * outside the transaction that recorded it; retried with backoff while M-Pesa cannot be reached. An answer
 * that never comes is asked again by the reconciler (resumeMoneyChecks).
 */
export const checkIncomingJob = defineJob({
  type: 'payments.checkIncoming',
  schema: z.object({ incomingId: z.string().min(1).max(64) }),
  maxAttempts: 8,
  timeoutMs: 60_000,
  backoffMs: 10_000,
  handler: async ({ incomingId }, { services }) => {
    await queryIncoming(services, { incomingId });
  },
});
