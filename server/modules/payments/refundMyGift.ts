import type { Actor } from '#server/core/actor.ts';
import { conflict, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { canManageGift } from '../access/policies.ts';
import { giftIdSchema } from '../gifts/giftSchemas.ts';
import { GIFT_TEXT } from '../gifts/giftTexts.ts';
import { requestRefund } from './requestRefund.ts';

/**
 * The buyer of a gift nobody has claimed gets their money back without asking support (decision 0061,
 * addendum): the same M-Pesa reversal an admin asks for (requestRefund), which stops the claim link in the
 * transaction that claims the refund, so a claim racing it either lands first (and the refund is refused)
 * or finds the gift cancelled. A failed reversal can be asked again the same way.
 */
export async function refundMyGift(services: Services, actor: Actor, input: unknown): Promise<{ status: 'requested' }> {
  if (!actor) throw unauthenticated();
  const { giftId } = parseInput(giftIdSchema, input, 'Unknown gift');
  const g = await services.database.db
    .selectFrom('gift')
    .innerJoin('payment', 'payment.id', 'gift.paymentId')
    .select(['gift.buyerId', 'gift.paymentId', 'gift.claimedAt', 'payment.status'])
    .where('gift.id', '=', giftId)
    .executeTakeFirst();
  // Someone else's gift is answered like one that does not exist.
  if (!g || !canManageGift(actor, g)) throw notFound('Unknown gift');
  if (g.claimedAt || g.status !== 'paid') throw conflict(GIFT_TEXT.refundClosed);
  await requestRefund(services, { paymentId: g.paymentId, actorId: actor.userId, reason: 'Gift not claimed' });
  return { status: 'requested' };
}
