import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import { findCreatorInTx } from './findCreatorInTx.ts';
import { postEntryInTx } from '../ledger/postEntryInTx.ts';

const adjustment = z.object({
  creatorId: z.string().min(1).max(64),
  /** Whole KES: positive credits the creator, negative debits them (against Darasa's fees account). */
  amount: z.coerce
    .number()
    .int('must be whole shillings')
    .min(-1_000_000)
    .max(1_000_000)
    .refine((n) => n !== 0, 'must not be zero'),
  reason: z.string().trim().min(3).max(300),
});

/** A manual adjustment of a creator's available balance, with a reason: one journal entry, audited. */
export async function adjustBalance(services: Services, actor: Actor, input: unknown): Promise<{ amount: number }> {
  requireAdmin(actor);
  const v = parseInput(adjustment, input);
  await services.database.db.transaction().execute(async (trx) => {
    await findCreatorInTx(trx, { creatorId: v.creatorId });
    await postEntryInTx(trx, {
      kind: 'adjustment',
      creatorId: v.creatorId,
      actorId: actor.userId,
      memo: v.reason,
      lines: [
        { account: 'creator_payable', creatorId: v.creatorId, amount: -v.amount },
        { account: 'platform_fees', amount: v.amount },
      ],
      now: services.clock.now(),
    });
    await recordAuditInTx(trx, {
      actorId: actor.userId,
      action: 'ledger.adjust',
      targetType: 'user',
      targetId: v.creatorId,
      details: { amount: v.amount, reason: v.reason },
    });
  });
  return { amount: v.amount };
}
