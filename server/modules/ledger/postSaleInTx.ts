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
 * is owed to the course's creator, available after the holding period. The fee percent is recorded on
 * the entry, so a later fee change never rewrites this sale (or its refund). Posted once per payment.
 */
export async function postSaleInTx(
  trx: Kysely<DB>,
  { paymentId, courseId, amount, feePercent, holdDays, now }: SaleInput,
): Promise<void> {
  const course = await trx.selectFrom('course').select('creatorId').where('id', '=', courseId).executeTakeFirst();
  if (!course) return;
  const { fee, net } = splitSale(toNum(amount), feePercent);
  await postEntryInTx(trx, {
    kind: 'sale',
    creatorId: course.creatorId,
    paymentId,
    courseId,
    feePercent,
    lines: [
      { account: 'mpesa_paybill', amount: toNum(amount) },
      { account: 'platform_fees', amount: -fee },
      {
        account: 'creator_payable',
        creatorId: course.creatorId,
        amount: -net,
        availableAt: new Date(now.getTime() + holdDays * 86_400_000),
      },
    ],
    now,
  });
}
