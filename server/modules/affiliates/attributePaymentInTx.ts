import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { referralForPurchaseInTx } from './referralForPurchaseInTx.ts';

/**
 * Takes a course purchase's referral when it starts, in the payment's transaction (decision 0067): the
 * affiliate and the commission percent of this moment, which the sale is split by when it settles, whatever
 * the course's setting or the buyer's referrals become meanwhile.
 */
export async function attributePaymentInTx(
  trx: Kysely<DB>,
  { paymentId, userId, courseId, now }: { paymentId: string; userId: string; courseId: string; now: Date },
): Promise<void> {
  const referral = await referralForPurchaseInTx(trx, { userId, courseId, now });
  if (!referral) return;
  await trx
    .insertInto('paymentReferral')
    .values({ paymentId, affiliateId: referral.affiliateId, courseId, percent: referral.percent, createdAt: now })
    .execute();
}
