import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { ATTRIBUTION_DAYS } from '#common/affiliates/affiliateRules.ts';
import { earnsCommission } from '../access/policies.ts';
import { affiliateOfferInTx } from './affiliateOfferInTx.ts';

export interface PurchaseReferral {
  affiliateId: string;
  affiliateName: string;
  /** The course's commission now: a purchase started now keeps it. */
  percent: number;
}

/**
 * Who referred this buyer to this course, if a purchase started now would pay them (decision 0067): the
 * buyer's latest referral, made within the last 30 days, to a course still offering affiliate sales, by
 * someone who is neither the buyer nor the course's creator.
 */
export async function referralForPurchaseInTx(
  trx: Kysely<DB>,
  { userId, courseId, now }: { userId: string; courseId: string; now: Date },
): Promise<PurchaseReferral | null> {
  const offer = await affiliateOfferInTx(trx, { courseId });
  if (!offer) return null;
  const row = await trx
    .selectFrom('referral')
    .innerJoin('user', 'user.id', 'referral.affiliateId')
    .select(['referral.affiliateId', 'user.name'])
    .where('referral.userId', '=', userId)
    .where('referral.courseId', '=', courseId)
    .where('referral.referredAt', '>', new Date(now.getTime() - ATTRIBUTION_DAYS * 86_400_000))
    .executeTakeFirst();
  if (!row || !earnsCommission(row.affiliateId, { buyerId: userId, creatorId: offer.creatorId })) return null;
  return { affiliateId: row.affiliateId, affiliateName: row.name, percent: offer.percent };
}
