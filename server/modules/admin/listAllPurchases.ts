import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { z } from 'zod';
import { toIso, toNum } from '#server/db/values.ts';
import type { IncomingState } from '#server/db/schema.ts';
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
  /** A bundle purchase (decision 0063): the bundle's title; its courses are granted and revoked together. */
  bundleTitle: string | null;
  /** The refund under way or failed (with M-Pesa's reason); null when none, or when it is done. */
  refund: { status: 'requested' | 'failed'; reason: string | null } | null;
  /** M-Pesa payments told for this purchase that were not its own: held (disagreeing) or second payments. */
  otherMoney: { id: string; amount: number; state: IncomingState; reason: string | null; transId: string | null }[];
  /** A gift (decision 0061): whether its recipient claimed it (only an unclaimed one is refunded). */
  gift: 'claimed' | 'unclaimed' | null;
  /** A part of an instalment plan (decision 0068): refunding it reverses this part alone and stops the plan. */
  instalment: { part: number; parts: number } | null;
}

// What an admin must see: money held for them, and second payments with where their return stands.
const SHOWN: IncomingState[] = ['held', 'extra', 'returning', 'returned', 'return_failed'];

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
    .leftJoin('bundle', 'bundle.id', 'payment.bundleId')
    .leftJoin('instalmentPlan', 'instalmentPlan.id', 'payment.instalmentPlanId')
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
      'bundle.title as bundleTitle',
      'payment.instalmentPart',
      'instalmentPlan.parts as instalmentParts',
    ]);
  if (o.status) query = query.where(filterColumn('payment.status', o.sort), '=', o.status);
  if (o.q)
    query = query.where(
      matchesAny(['user.email', 'user.name', 'course.title', 'bundle.title', 'payment.mpesaReceipt'], o.q),
    );
  if (k.where) query = query.where(k.where);
  const rows = await query
    .orderBy(sortColumn as 'payment.createdAt', k.order)
    .orderBy('payment.id', k.order)
    .limit(k.limit)
    .execute();
  const ids = rows.map((r) => r.id);
  const { db } = services.database;
  const [refunds, money, gifts] = ids.length
    ? await Promise.all([
        db
          .selectFrom('refund')
          .select(['paymentId', 'status', 'failureReason'])
          .where('paymentId', 'in', ids)
          .where('status', 'in', ['requested', 'failed'])
          .execute(),
        db
          .selectFrom('mpesaIncoming')
          .select(['id', 'paymentId', 'amount', 'state', 'reason', 'transId'])
          .where('paymentId', 'in', ids)
          .where('state', 'in', SHOWN)
          .orderBy('createdAt')
          .execute(),
        db.selectFrom('gift').select(['paymentId', 'claimedAt']).where('paymentId', 'in', ids).execute(),
      ])
    : [[], [], []];
  const items = rows.map((r) => {
    const refund = refunds.find((f) => f.paymentId === r.id);
    const gift = gifts.find((g) => g.paymentId === r.id);
    const { instalmentPart, instalmentParts, ...row } = r;
    return {
      ...row,
      instalment:
        instalmentPart === null || instalmentParts === null
          ? null
          : { part: toNum(instalmentPart), parts: toNum(instalmentParts) },
      amount: toNum(r.amount),
      createdAt: toIso(r.createdAt),
      paidAt: r.paidAt === null ? null : toIso(r.paidAt),
      refund: refund ? { status: refund.status as 'requested' | 'failed', reason: refund.failureReason } : null,
      otherMoney: money
        .filter((m) => m.paymentId === r.id)
        .map((m) => ({ id: m.id, amount: toNum(m.amount), state: m.state, reason: m.reason, transId: m.transId })),
      gift: gift ? (gift.claimedAt ? ('claimed' as const) : ('unclaimed' as const)) : null,
    };
  });
  return finishPage(items, { ...o, sortColumn, idColumn: 'id' }, (r) => ({ value: r[o.sort], id: r.id }));
}
