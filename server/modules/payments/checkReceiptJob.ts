import { z } from 'zod';
import { defineJob } from '#server/jobs/defineJob.ts';
import { queryReceipt } from './queryReceipt.ts';

/**
 * Asks M-Pesa to confirm a paid payment's receipt, after settlement and outside its transaction; retried
 * with backoff while M-Pesa cannot be reached. An answer that never comes is asked again by the reconciler.
 */
export const checkReceiptJob = defineJob({
  type: 'payments.checkReceipt',
  schema: z.object({ paymentId: z.string().min(1).max(64) }),
  maxAttempts: 8,
  timeoutMs: 60_000,
  backoffMs: 10_000,
  handler: async ({ paymentId }, { services }) => {
    await queryReceipt(services, { paymentId });
  },
});
