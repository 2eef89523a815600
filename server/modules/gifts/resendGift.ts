import type { Actor } from '#server/core/actor.ts';
import { conflict, notFound, rateLimited, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { canManageGift } from '../access/policies.ts';
import { giftIdSchema } from './giftSchemas.ts';
import { GIFT_TEXT, MAX_GIFT_RESENDS } from './giftTexts.ts';
import { sendGiftSmsJob } from './sendGiftSmsJob.ts';

/**
 * "Resend SMS": the buyer has the claim SMS sent again (a new link; the earlier one stops working), at most
 * three times per gift. The count is taken by a conditional update, so presses racing never pass the limit.
 */
export async function resendGift(services: Services, actor: Actor, input: unknown): Promise<{ resendsLeft: number }> {
  if (!actor) throw unauthenticated();
  const { giftId } = parseInput(giftIdSchema, input, 'Unknown gift');
  const { db } = services.database;
  const g = await db
    .selectFrom('gift')
    .innerJoin('payment', 'payment.id', 'gift.paymentId')
    .select(['gift.id', 'gift.buyerId', 'gift.claimedAt', 'gift.cancelledAt', 'gift.resendCount', 'payment.status'])
    .where('gift.id', '=', giftId)
    .executeTakeFirst();
  // Someone else's gift is answered like one that does not exist.
  if (!g || !canManageGift(actor, g)) throw notFound('Unknown gift');
  if (g.claimedAt || g.cancelledAt || g.status !== 'paid') throw conflict(GIFT_TEXT.resendClosed);
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('gift')
      .set((eb) => ({ resendCount: eb('resendCount', '+', 1) }))
      .where('id', '=', g.id)
      .where('resendCount', '<', MAX_GIFT_RESENDS)
      .where('claimedAt', 'is', null)
      .where('cancelledAt', 'is', null)
      .returning('resendCount')
      .executeTakeFirst();
    if (!taken) throw rateLimited(GIFT_TEXT.resendLimit);
    await services.jobs.enqueue(trx, sendGiftSmsJob, { giftId: g.id });
    return { resendsLeft: MAX_GIFT_RESENDS - Number(taken.resendCount) };
  });
}
