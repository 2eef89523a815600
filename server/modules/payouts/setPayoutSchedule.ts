import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { conflict } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { requirePayee } from './requirePayee.ts';

const scheduleChoice = z.object({ schedule: z.enum(['manual', 'daily', 'weekly']) });

/** Automatic payouts: daily, weekly or only on request. The next run counts from now, not from the past. */
export async function setPayoutSchedule(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ schedule: string }> {
  requirePayee(actor);
  const { schedule } = parseInput(scheduleChoice, input);
  const now = services.clock.now();
  const r = await services.database.db
    .updateTable('payoutAccount')
    .set({ schedule, lastAutoAt: now, updatedAt: now })
    .where('userId', '=', actor.userId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw conflict('Add your M-Pesa payout number first.');
  return { schedule };
}
