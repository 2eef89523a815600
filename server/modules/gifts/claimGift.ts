import type { Actor } from '#server/core/actor.ts';
import { conflict, DomainError, forbidden, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { toBool } from '#server/db/values.ts';
import { canClaimGift } from '../access/policies.ts';
import { grantEnrollmentInTx } from '../enrollments/grantEnrollment.ts';
import { giftTokenSchema } from './giftSchemas.ts';
import { GIFT_TEXT } from './giftTexts.ts';
import { hashGiftToken } from './giftToken.ts';

/**
 * "Claim the gift": the customer signed in with the gift's phone number gets the course, once. In one
 * transaction: a conditional update takes the gift (unclaimed, not cancelled by a refund request), then the
 * enrollment is granted with the gift's payment. Racing claims: one update wins, the others find it claimed.
 * Someone who already owns the course is refused and the gift stays unclaimed (its buyer can have it
 * refunded). The sale itself entered the ledger when the buyer paid; a claim moves no money.
 */
export async function claimGift(services: Services, actor: Actor, input: unknown): Promise<{ courseId: string }> {
  if (!actor) throw unauthenticated('Please sign in to claim this gift.');
  const { token } = parseInput(giftTokenSchema, input, GIFT_TEXT.notFound);
  const { db } = services.database;
  const g = await db
    .selectFrom('gift')
    .innerJoin('payment', 'payment.id', 'gift.paymentId')
    .select([
      'gift.id',
      'gift.buyerId',
      'gift.recipientPhone',
      'gift.courseId',
      'gift.paymentId',
      'gift.claimedBy',
      'gift.cancelledAt',
      'payment.status',
    ])
    .where('gift.tokenHash', '=', hashGiftToken(token))
    .executeTakeFirst();
  if (!g) throw notFound(GIFT_TEXT.notFound);
  if (g.claimedBy) {
    if (g.claimedBy === actor.userId) return { courseId: g.courseId };
    throw conflict(GIFT_TEXT.alreadyClaimed);
  }
  if (g.cancelledAt) throw conflict(GIFT_TEXT.cancelled);
  if (g.status !== 'paid') throw conflict(GIFT_TEXT.notPaid);
  if (actor.role !== 'customer') throw forbidden(GIFT_TEXT.notCustomer);
  const account = await db
    .selectFrom('user')
    .select(['phone', 'phoneVerified'])
    .where('id', '=', actor.userId)
    .executeTakeFirst();
  if (!canClaimGift(actor, g, account ? { phone: account.phone, phoneVerified: toBool(account.phoneVerified) } : null))
    throw forbidden(GIFT_TEXT.wrongNumber);

  const now = services.clock.now();
  const claimed = await db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('gift')
      .set({ claimedBy: actor.userId, claimedAt: now })
      .where('id', '=', g.id)
      .where('claimedBy', 'is', null)
      .where('cancelledAt', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) {
      const after = await trx.selectFrom('gift').select(['claimedBy']).where('id', '=', g.id).executeTakeFirst();
      // The same person's other tab won: theirs already, as asked.
      if (after?.claimedBy === actor.userId) return false;
      throw conflict(after?.claimedBy ? GIFT_TEXT.alreadyClaimed : GIFT_TEXT.cancelled);
    }
    // Still paid (a refund completing meanwhile would have cancelled the gift first).
    const granted = await grantEnrollmentInTx(trx, {
      userId: actor.userId,
      courseId: g.courseId,
      paymentId: g.paymentId,
      at: now,
    });
    // Owned already (bought, or another gift): the claim is undone with the transaction.
    if (!granted) throw new DomainError('already_owned', GIFT_TEXT.alreadyOwned);
    return true;
  });
  if (claimed) services.catalogChanged();
  return { courseId: g.courseId };
}
