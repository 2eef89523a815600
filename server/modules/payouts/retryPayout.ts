import { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { conflict, notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { recordAuditInTx } from '../shared/recordAudit.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import { createPayout } from './createPayout.ts';

const retry = z.object({ payoutId: z.string().min(1).max(64) });

/**
 * Retries a failed payout as a new one for the same amount (the failed one returned its money to the
 * balance, so the usual checks apply: verified number, no hold, enough available). Audited.
 */
export async function retryPayout(services: Services, actor: Actor, input: unknown): Promise<{ payoutId: string }> {
  requireAdmin(actor);
  const { payoutId } = parseInput(retry, input);
  const { db } = services.database;
  const failed = await db.selectFrom('payout').selectAll().where('id', '=', payoutId).executeTakeFirst();
  if (!failed) throw notFound('Payout not found.');
  if (failed.status !== 'failed' || failed.purpose === 'verification')
    throw conflict('Only a failed payout can be retried.');
  const retried = await db.selectFrom('payout').select('id').where('retryOf', '=', payoutId).executeTakeFirst();
  if (retried) throw conflict('This payout was already retried.');
  const id = await createPayout(services, {
    creatorId: failed.creatorId,
    purpose: 'retry',
    amount: failed.amount,
    retryOf: failed.id,
  });
  await recordAuditInTx(db, {
    actorId: actor.userId,
    action: 'payout.retry',
    targetType: 'payout',
    targetId: failed.id,
    details: { newPayoutId: id, amount: failed.amount },
  });
  return { payoutId: id };
}
