import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { toIso, toNum } from '#server/db/values.ts';
import { isId } from '#common/ids.ts';
import { canSeeReceipt } from '../access/policies.ts';

/** What a purchase's receipt says (the page and the PDF print the same facts). */
export interface ReceiptView {
  paymentId: string;
  buyerName: string;
  /** The buyer's e-mail, else their phone: how Darasa knows them. */
  buyerContact: string;
  courseTitle: string;
  amount: number;
  currency: string;
  /** M-Pesa's receipt number; null while it is being confirmed (or if M-Pesa never confirmed one). */
  mpesaReceipt: string | null;
  paidAt: string;
  refunded: boolean;
  /** An instalment part (decision 0068): its own receipt, "Part 2 of 3". */
  part: { part: number; parts: number } | null;
}

const NOT_FOUND = 'Receipt not found.';

/**
 * The receipt of one completed purchase, for its buyer or an admin. Anyone else, and a payment that was never
 * paid, gets a not-found, so a receipt's id tells a stranger nothing.
 */
export async function getReceipt(
  services: Services,
  actor: Actor,
  { paymentId }: { paymentId: string },
): Promise<ReceiptView> {
  if (!actor) throw unauthenticated();
  if (!isId(paymentId)) throw notFound(NOT_FOUND);
  const row = await services.database.db
    .selectFrom('payment')
    .innerJoin('course', 'course.id', 'payment.courseId')
    .innerJoin('user', 'user.id', 'payment.userId')
    // A bundle purchase is named by its bundle (decision 0063).
    .leftJoin('bundle', 'bundle.id', 'payment.bundleId')
    .leftJoin('instalmentPlan', 'instalmentPlan.id', 'payment.instalmentPlanId')
    .select((eb) => [
      'payment.id',
      'payment.userId',
      'payment.amount',
      'payment.currency',
      'payment.mpesaReceipt',
      'payment.paidAt',
      'payment.status',
      eb.fn.coalesce('bundle.title', 'course.title').as('title'),
      'user.name',
      'user.email',
      'user.phone',
      'payment.instalmentPart',
      'instalmentPlan.parts',
    ])
    .where('payment.id', '=', paymentId)
    .where('payment.status', 'in', ['paid', 'refunded'])
    .executeTakeFirst();
  if (!row || !canSeeReceipt(actor, row)) throw notFound(NOT_FOUND);
  return {
    paymentId: row.id,
    buyerName: row.name,
    buyerContact: row.email ?? row.phone,
    courseTitle: row.title,
    amount: toNum(row.amount),
    currency: row.currency,
    mpesaReceipt: row.mpesaReceipt,
    paidAt: toIso(row.paidAt),
    refunded: row.status === 'refunded',
    part:
      row.instalmentPart === null || row.parts === null
        ? null
        : { part: toNum(row.instalmentPart), parts: toNum(row.parts) },
  };
}
