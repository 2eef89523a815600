import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toBool, toIso, toNum } from '../../db/values.ts';

export interface PurchaseReceipt {
  paymentId: string;
  courseId: string;
  courseTitle: string;
  amount: number;
  currency: string;
  /** M-Pesa's receipt number; null when the payment was confirmed by query and no callback came. */
  receipt: string | null;
  phone: string;
  paidAt: string;
  status: 'paid' | 'refunded';
  lateSuccess: boolean;
}

/** A customer's completed purchases, newest first: the receipts of their purchase history. */
export async function listPurchases(db: Kysely<DB>, userId: string): Promise<PurchaseReceipt[]> {
  const rows = await db
    .selectFrom('payment')
    .innerJoin('course', 'course.id', 'payment.courseId')
    .select([
      'payment.id',
      'payment.courseId',
      'course.title',
      'payment.amount',
      'payment.currency',
      'payment.mpesaReceipt',
      'payment.phone',
      'payment.paidAt',
      'payment.status',
      'payment.lateSuccess',
    ])
    .where('payment.userId', '=', userId)
    .where('payment.status', 'in', ['paid', 'refunded'])
    .orderBy('payment.paidAt', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    paymentId: r.id,
    courseId: r.courseId,
    courseTitle: r.title,
    amount: toNum(r.amount),
    currency: r.currency,
    receipt: r.mpesaReceipt,
    phone: r.phone,
    paidAt: toIso(r.paidAt),
    status: r.status as 'paid' | 'refunded',
    lateSuccess: toBool(r.lateSuccess),
  }));
}
