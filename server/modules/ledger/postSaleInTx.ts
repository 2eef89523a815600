import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import { postEntryInTx } from './postEntryInTx.ts';
import { splitSale } from './splitSale.ts';

export interface SaleInput {
  paymentId: string;
  courseId: string;
  amount: number;
  /** The platform's fee and holding period in force (configuration: the caller reads it). */
  feePercent: number;
  holdDays: number;
  now: Date;
}

/**
 * A paid purchase in the ledger: the money reached the paybill, the platform fee is Darasa's and the rest
 * is owed to the course's creator, available after the holding period. A purchase made through a referral
 * (its `paymentReferral`, taken when it started, decision 0067) also owes the affiliate their commission,
 * held the same way, on the same per-person payable account a payout draws on. The percents are the ones
 * recorded (fee on the entry, commission on the payment's referral), so a later change never rewrites this
 * sale (or its refund). Posted once per payment.
 */
export async function postSaleInTx(
  trx: Kysely<DB>,
  { paymentId, courseId, amount, feePercent, holdDays, now }: SaleInput,
): Promise<void> {
  const course = await trx.selectFrom('course').select('creatorId').where('id', '=', courseId).executeTakeFirst();
  if (!course) return;
  const referral = await trx
    .selectFrom('paymentReferral')
    .select(['affiliateId', 'percent'])
    .where('paymentId', '=', paymentId)
    .executeTakeFirst();
  // startPayment refuses self-referral; a referral naming the creator would only move money in a circle.
  const affiliate = referral && referral.affiliateId !== course.creatorId ? referral : null;
  const { fee, commission, net } = splitSale(toNum(amount), feePercent, affiliate ? toNum(affiliate.percent) : 0);
  const availableAt = new Date(now.getTime() + holdDays * 86_400_000);
  await postEntryInTx(trx, {
    kind: 'sale',
    creatorId: course.creatorId,
    paymentId,
    courseId,
    feePercent,
    lines: [
      { account: 'mpesa_paybill', amount: toNum(amount) },
      { account: 'platform_fees', amount: -fee },
      { account: 'creator_payable', creatorId: course.creatorId, amount: -net, availableAt },
      ...(affiliate
        ? [{ account: 'creator_payable' as const, creatorId: affiliate.affiliateId, amount: -commission, availableAt }]
        : []),
    ],
    now,
  });
}
