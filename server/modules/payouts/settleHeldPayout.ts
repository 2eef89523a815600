import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { conflict, notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import { settlePayout } from './settlePayout.ts';

const decision = z.object({
  payoutId: z.string().min(1).max(64),
  outcome: z.enum(['paid', 'failed']),
  note: z.string().trim().min(3).max(300),
});

/**
 * An admin settles a held payout after checking it with Safaricom: paid (the money reached the creator)
 * or failed (it did not; the money returns to the creator's balance). A payout held before it was sent
 * (suspended creator) can only fail. Audited with the admin's note.
 */
export async function settleHeldPayout(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<{ status: 'paid' | 'failed' }> {
  requireAdmin(actor);
  const v = parseInput(decision, input);
  const { db } = services.database;
  const p = await db.selectFrom('payout').selectAll().where('id', '=', v.payoutId).executeTakeFirst();
  if (!p) throw notFound('Payout not found.');
  if (!p.holdKind || (p.status !== 'requested' && p.status !== 'sent')) throw conflict('This payout is not held.');
  if (p.holdKind === 'suspended' && v.outcome === 'paid') throw conflict('This payout was never sent.');
  const settled = await settlePayout(services, {
    payoutId: p.id,
    outcome: v.outcome,
    resultCode: null,
    resultDesc: `Settled by an admin: ${v.note}`,
    reason: v.outcome === 'failed' ? v.note : undefined,
    resolvesHold: true,
  });
  if (!settled) throw conflict('This payout is not held.');
  await recordAuditInTx(db, {
    actorId: actor.userId,
    action: `payout.settle_${v.outcome}`,
    targetType: 'payout',
    targetId: p.id,
    details: { amount: p.amount, holdReason: p.holdReason, note: v.note },
  });
  return { status: v.outcome };
}
