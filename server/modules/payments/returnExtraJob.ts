import { z } from 'zod';
import { defineJob } from '#server/jobs/defineJob.ts';
import { returnExtraPayment } from './returnExtraPayment.ts';

/** Returns a second payment through an M-Pesa reversal; retried while M-Pesa cannot be reached. */
export const returnExtraJob = defineJob({
  type: 'payments.returnExtra',
  schema: z.object({ incomingId: z.string().min(1).max(64) }),
  maxAttempts: 8,
  timeoutMs: 60_000,
  backoffMs: 30_000,
  handler: async ({ incomingId }, { services }) => {
    await returnExtraPayment(services, { incomingId });
  },
  async onFailed({ incomingId }, reason, services) {
    // M-Pesa never took the request: an admin returns the money by hand.
    const now = services.clock.now();
    await services.database.db
      .updateTable('mpesaIncoming')
      .set({ state: 'return_failed', reason: `M-Pesa could not be asked: ${reason}`.slice(0, 500), updatedAt: now })
      .where('id', '=', incomingId)
      .where('state', '=', 'extra')
      .execute();
  },
});
