import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toIso, toNum } from '#server/db/values.ts';
import { MAX_GIFT_RESENDS } from './giftTexts.ts';
import { maskPhone } from './giftToken.ts';

export interface MyGift {
  id: string;
  paymentId: string;
  courseId: string;
  courseTitle: string;
  /** "+254 7•• ••• 678". */
  phone: string;
  /** refundFailed: M-Pesa did not reverse it; the buyer may ask again. */
  state: 'claimed' | 'unclaimed' | 'refunding' | 'refundFailed' | 'refunded';
  /** What was paid, in KES (what a refund returns). */
  amount: number;
  claimedAt: string | null;
  /** "Resend SMS" presses left (0 when the gift cannot be sent again). */
  resendsLeft: number;
}

/** The gifts the acting customer paid for, newest first: claimed or not, and what they can still do. */
export async function listMyGifts(services: Services, actor: Actor): Promise<MyGift[]> {
  if (!actor) throw unauthenticated();
  const rows = await services.database.db
    .selectFrom('gift')
    .innerJoin('payment', 'payment.id', 'gift.paymentId')
    .innerJoin('course', 'course.id', 'gift.courseId')
    .leftJoin('refund', 'refund.paymentId', 'gift.paymentId')
    .select([
      'payment.amount',
      'refund.status as refund',
      'gift.id',
      'gift.paymentId',
      'gift.courseId',
      'course.title',
      'gift.recipientPhone',
      'gift.claimedAt',
      'gift.cancelledAt',
      'gift.resendCount',
      'payment.status',
    ])
    .where('gift.buyerId', '=', actor.userId)
    .where('payment.status', 'in', ['paid', 'refunded'])
    .orderBy('gift.createdAt', 'desc')
    .orderBy('gift.id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => {
    const state: MyGift['state'] = r.claimedAt
      ? 'claimed'
      : r.status === 'refunded'
        ? 'refunded'
        : r.refund === 'failed'
          ? 'refundFailed'
          : r.cancelledAt
            ? 'refunding'
            : 'unclaimed';
    return {
      id: r.id,
      paymentId: r.paymentId,
      courseId: r.courseId,
      courseTitle: r.title,
      phone: maskPhone(r.recipientPhone),
      state,
      amount: toNum(r.amount),
      claimedAt: r.claimedAt ? toIso(r.claimedAt) : null,
      resendsLeft: state === 'unclaimed' ? Math.max(0, MAX_GIFT_RESENDS - Number(r.resendCount)) : 0,
    };
  });
}
