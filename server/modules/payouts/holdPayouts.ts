import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import { findCreatorInTx } from './findCreatorInTx.ts';

const hold = z.discriminatedUnion('hold', [
  z.object({ creatorId: z.string().min(1).max(64), hold: z.literal(true), reason: z.string().trim().min(3).max(300) }),
  z.object({
    creatorId: z.string().min(1).max(64),
    hold: z.literal(false),
    reason: z.string().trim().max(300).default(''),
  }),
]);

/** Puts a creator's payouts on hold (with a reason the creator sees) or releases them; audited. */
export async function holdPayouts(services: Services, actor: Actor, input: unknown): Promise<{ held: boolean }> {
  requireAdmin(actor);
  const v = parseInput(hold, input);
  const now = services.clock.now();
  await services.database.db.transaction().execute(async (trx) => {
    await findCreatorInTx(trx, { creatorId: v.creatorId });
    const changes = v.hold
      ? { holdReason: v.reason, heldBy: actor.userId, heldAt: now }
      : { holdReason: null, heldBy: null, heldAt: null };
    await trx
      .insertInto('payoutAccount')
      .values({
        userId: v.creatorId,
        phone: null,
        verifiedPhone: null,
        verifiedName: null,
        verifiedAt: null,
        lastAutoAt: null,
        ...changes,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ ...changes, updatedAt: now }))
      .execute();
    await recordAuditInTx(trx, {
      actorId: actor.userId,
      action: v.hold ? 'payout.hold' : 'payout.release',
      targetType: 'user',
      targetId: v.creatorId,
      details: v.reason ? { reason: v.reason } : {},
    });
  });
  return { held: v.hold };
}
