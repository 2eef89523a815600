import { z } from 'zod';
import { defineJob } from '#server/jobs/defineJob.ts';
import { queryReversal } from './queryReversal.ts';

/**
 * Asks M-Pesa (Transaction Status) what became of a reversal, after its (unsigned) result named it;
 * retried while M-Pesa cannot be reached. Unanswered checks are asked again by the reconciler.
 */
export const checkReversalJob = defineJob({
  type: 'payments.checkReversal',
  schema: z.object({ subject: z.enum(['refund', 'incoming']), id: z.string().min(1).max(64) }),
  maxAttempts: 8,
  timeoutMs: 60_000,
  backoffMs: 10_000,
  handler: async (input, { services }) => {
    await queryReversal(services, input);
  },
});
