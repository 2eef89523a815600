import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import { postEntry } from './postEntry.ts';
import { splitSale } from './splitSale.ts';

/**
 * A paid purchase in the ledger: the money reached the paybill, the platform fee is Darasa's and the rest
 * is owed to the course's creator, available after the holding period. The fee percent is recorded on
 * the entry, so a later fee change never rewrites this sale (or its refund). Posted once per payment.
 */
export async function postSale(
  trx: Kysely<DB>,
  p: { paymentId: string; courseId: string; amount: number },
  rules: { feePercent: number; holdDays: number },
  now: Date,
): Promise<void> {
  const course = await trx.selectFrom('course').select('creatorId').where('id', '=', p.courseId).executeTakeFirst();
  if (!course) return;
  const { fee, net } = splitSale(toNum(p.amount), rules.feePercent);
  await postEntry(
    trx,
    {
      kind: 'sale',
      creatorId: course.creatorId,
      paymentId: p.paymentId,
      courseId: p.courseId,
      feePercent: rules.feePercent,
      lines: [
        { account: 'mpesa_paybill', amount: toNum(p.amount) },
        { account: 'platform_fees', amount: -fee },
        {
          account: 'creator_payable',
          creatorId: course.creatorId,
          amount: -net,
          availableAt: new Date(now.getTime() + rules.holdDays * 86_400_000),
        },
      ],
    },
    now,
  );
}
