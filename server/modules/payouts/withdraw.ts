import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { createPayout } from './createPayout.ts';
import { requirePayee } from './requirePayee.ts';

const withdrawal = z.object({
  /** Whole KES; omitted: everything available. */
  amount: z.coerce.number().int('must be whole shillings').positive().max(10_000_000).optional(),
});

/** "Withdraw": pays the creator's available balance (or part of it) to their verified M-Pesa number. */
export async function withdraw(services: Services, actor: Actor, input: unknown): Promise<{ payoutId: string }> {
  requirePayee(actor);
  const { amount } = parseInput(withdrawal, input ?? {});
  const payoutId = await createPayout(services, {
    creatorId: actor.userId,
    purpose: 'withdrawal',
    amount: amount ?? null,
  });
  return { payoutId };
}
