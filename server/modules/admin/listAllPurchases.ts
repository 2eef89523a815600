import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '#server/db/schema.ts';
import { toIso, toNum } from '#server/db/values.ts';
import { filterColumn, finishPage, keysetClause, listQuerySchema, matchesAny, type Page } from '../shared/listQuery.ts';

export const purchaseListQuery = listQuerySchema(['createdAt', 'amount'], {
  status: z.enum(['created', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded']).optional(),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuery>;

export interface AdminPurchaseRow {
  id: string;
  amount: number;
  status: string;
  mpesaReceipt: string | null;
  createdAt: string;
  paidAt: string | null;
  userId: string;
  userName: string;
  userEmail: string | null;
  courseId: string;
  courseTitle: string;
}

/** Payments (every attempt, with its status) searched by buyer, course or M-Pesa receipt. */
export async function listAllPurchases(db: Kysely<DB>, o: PurchaseListQuery): Promise<Page<AdminPurchaseRow>> {
  const sortColumn = `payment.${o.sort}`;
  const k = keysetClause({ ...o, sortColumn, idColumn: 'payment.id' });
  let query = db
    .selectFrom('payment')
    .innerJoin('user', 'user.id', 'payment.userId')
    .innerJoin('course', 'course.id', 'payment.courseId')
    .select([
      'payment.id',
      'payment.amount',
      'payment.status',
      'payment.mpesaReceipt',
      'payment.createdAt',
      'payment.paidAt',
      'payment.userId',
      'user.name as userName',
      'user.email as userEmail',
      'payment.courseId',
      'course.title as courseTitle',
    ]);
  if (o.status) query = query.where(filterColumn('payment.status', o.sort), '=', o.status);
  if (o.q) query = query.where(matchesAny(['user.email', 'user.name', 'course.title', 'payment.mpesaReceipt'], o.q));
  if (k.where) query = query.where(k.where);
  const rows = await query
    .orderBy(sortColumn as 'payment.createdAt', k.order)
    .orderBy('payment.id', k.order)
    .limit(k.limit)
    .execute();
  const items = rows.map((r) => ({
    ...r,
    amount: toNum(r.amount),
    createdAt: toIso(r.createdAt),
    paidAt: r.paidAt === null ? null : toIso(r.paidAt),
  }));
  return finishPage(items, { ...o, sortColumn, idColumn: 'id' }, (r) => ({ value: r[o.sort], id: r.id }));
}
