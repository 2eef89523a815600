import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { z } from 'zod';
import { toIso, toNum } from '#server/db/values.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import {
  filterColumn,
  finishPage,
  keysetClause,
  listQuerySchema,
  matchesAny,
  parseListQuery,
  type Page,
} from '../shared/listQuery.ts';

const purchaseListQuery = listQuerySchema(['createdAt', 'amount'], {
  status: z.enum(['created', 'pending', 'paid', 'failed', 'cancelled', 'expired', 'refunded']).optional(),
});

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
export async function listAllPurchases(
  services: Services,
  actor: Actor,
  input: unknown,
): Promise<Page<AdminPurchaseRow>> {
  requireAdmin(actor);
  const o = parseListQuery(purchaseListQuery, input);
  const sortColumn = `payment.${o.sort}`;
  const k = keysetClause({ ...o, sortColumn, idColumn: 'payment.id' });
  let query = services.database.db
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
