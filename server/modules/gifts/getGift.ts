import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { toBool } from '#server/db/values.ts';
import { canClaimGift } from '../access/policies.ts';
import { giftTokenSchema } from './giftSchemas.ts';
import { GIFT_TEXT } from './giftTexts.ts';
import { hashGiftToken, maskPhone } from './giftToken.ts';

export interface GiftClaimView {
  courseId: string;
  courseTitle: string;
  from: string;
  /** "+254 7•• ••• 678". */
  phone: string;
  /**
   * `open`: claimable by the right phone; `yours`: the actor claimed it; `claimed` by someone else;
   * `cancelled`: refunded to its buyer; `unpaid`: its payment is not (or no longer) paid.
   */
  state: 'open' | 'yours' | 'claimed' | 'cancelled' | 'unpaid';
  /** For an open gift: whether the actor may claim it, or why not (`sign-in`: nobody is signed in). */
  claim: 'ok' | 'sign-in' | 'wrong-number' | 'not-customer' | null;
}

/** The claim page of a gift link (anyone holding the link): what it is and whether the actor can claim it. */
export async function getGift(services: Services, actor: Actor, input: unknown): Promise<GiftClaimView> {
  const { token } = parseInput(giftTokenSchema, input, GIFT_TEXT.notFound);
  const { db } = services.database;
  const g = await db
    .selectFrom('gift')
    .innerJoin('payment', 'payment.id', 'gift.paymentId')
    .innerJoin('course', 'course.id', 'gift.courseId')
    .innerJoin('user', 'user.id', 'gift.buyerId')
    .select([
      'gift.buyerId',
      'gift.recipientPhone',
      'gift.claimedBy',
      'gift.cancelledAt',
      'gift.courseId',
      'course.title',
      'user.name',
      'payment.status',
    ])
    .where('gift.tokenHash', '=', hashGiftToken(token))
    .executeTakeFirst();
  if (!g) throw notFound(GIFT_TEXT.notFound);
  const state: GiftClaimView['state'] = g.claimedBy
    ? g.claimedBy === actor?.userId
      ? 'yours'
      : 'claimed'
    : g.cancelledAt
      ? 'cancelled'
      : g.status !== 'paid'
        ? 'unpaid'
        : 'open';
  let claim: GiftClaimView['claim'] = null;
  if (state === 'open') {
    if (!actor) claim = 'sign-in';
    else if (actor.role !== 'customer') claim = 'not-customer';
    else {
      const account = await db
        .selectFrom('user')
        .select(['phone', 'phoneVerified'])
        .where('id', '=', actor.userId)
        .executeTakeFirst();
      const acct = account ? { phone: account.phone, phoneVerified: toBool(account.phoneVerified) } : null;
      claim = canClaimGift(actor, g, acct) ? 'ok' : 'wrong-number';
    }
  }
  return {
    courseId: g.courseId,
    courseTitle: g.title,
    from: g.name,
    phone: maskPhone(g.recipientPhone),
    state,
    claim,
  };
}
