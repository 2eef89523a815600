import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import type { Services } from '#server/core/services.ts';
import { toBool, toIso, toNum } from '#server/db/values.ts';
import { instalmentProgress, type InstalmentProgress } from '#common/instalments/instalments.ts';
import { planProgressInTx } from '../enrollments/planProgressInTx.ts';

export interface PurchaseReceipt {
  paymentId: string;
  courseId: string;
  courseTitle: string;
  /** A bundle purchase (decision 0063): its page lists the courses it granted; `courseTitle` is its title. */
  bundleId: string | null;
  amount: number;
  currency: string;
  /** M-Pesa's receipt number, once Transaction Status confirmed it; null until then (or if it never did). */
  receipt: string | null;
  /** The receipt number is being confirmed with M-Pesa. */
  receiptPending: boolean;
  phone: string;
  paidAt: string;
  status: 'paid' | 'refunded';
  lateSuccess: boolean;
  /** A refund asked for and not yet confirmed by M-Pesa, or one that failed (we are on it). */
  refund: 'requested' | 'failed' | null;
  /** Second payments M-Pesa confirmed for this purchase: being returned, or returned. */
  extraPayments: { id: string; amount: number; returned: boolean }[];
  /** A part of an instalment plan (decision 0068): "Part 2 of 3", with where the plan stands now. */
  instalment: { planId: string; part: number; parts: number; paid: number; nextDue: string | null } | null;
}

// A second payment the learner hears of: confirmed by M-Pesa (never one only claimed or held as forged).
const EXTRA_SHOWN = ['extra', 'returning', 'returned', 'return_failed'] as const;

/** The acting customer's completed purchases, newest first: the receipts of their purchase history. */
export async function listMyPurchases(services: Services, actor: Actor): Promise<PurchaseReceipt[]> {
  if (!actor) throw unauthenticated();
  const rows = await services.database.db
    .selectFrom('payment')
    .innerJoin('course', 'course.id', 'payment.courseId')
    // A bundle purchase is named by its bundle (decision 0063).
    .leftJoin('bundle', 'bundle.id', 'payment.bundleId')
    .select((eb) => [
      'payment.id',
      'payment.courseId',
      eb.fn.coalesce('bundle.title', 'course.title').as('title'),
      'payment.bundleId',
      'payment.amount',
      'payment.currency',
      'payment.mpesaReceipt',
      'payment.receiptCheck',
      'payment.phone',
      'payment.paidAt',
      'payment.status',
      'payment.lateSuccess',
      'payment.instalmentPlanId',
      'payment.instalmentPart',
    ])
    .where('payment.userId', '=', actor.userId)
    .where('payment.status', 'in', ['paid', 'refunded'])
    .orderBy('payment.paidAt', 'desc')
    .limit(500)
    .execute();
  const ids = rows.map((r) => r.id);
  const plans = new Map<string, InstalmentProgress>();
  for (const planId of new Set(rows.flatMap((r) => (r.instalmentPlanId ? [r.instalmentPlanId] : [])))) {
    const plan = await planProgressInTx(services.database.db, { planId });
    if (plan) plans.set(planId, instalmentProgress(plan));
  }
  const [refunds, extras] = ids.length
    ? await Promise.all([
        services.database.db
          .selectFrom('refund')
          .select(['paymentId', 'status'])
          .where('paymentId', 'in', ids)
          .where('status', 'in', ['requested', 'failed'])
          .execute(),
        services.database.db
          .selectFrom('mpesaIncoming')
          .select(['id', 'paymentId', 'amount', 'state'])
          .where('paymentId', 'in', ids)
          .where('state', 'in', EXTRA_SHOWN)
          .orderBy('createdAt')
          .execute(),
      ])
    : [[], []];
  return rows.map((r) => ({
    paymentId: r.id,
    courseId: r.courseId,
    courseTitle: r.title,
    bundleId: r.bundleId,
    amount: toNum(r.amount),
    currency: r.currency,
    receipt: r.mpesaReceipt,
    receiptPending: !r.mpesaReceipt && r.receiptCheck === 'pending',
    phone: r.phone,
    paidAt: toIso(r.paidAt),
    status: r.status as 'paid' | 'refunded',
    lateSuccess: toBool(r.lateSuccess),
    refund: (refunds.find((f) => f.paymentId === r.id)?.status as 'requested' | 'failed' | undefined) ?? null,
    extraPayments: extras
      .filter((e) => e.paymentId === r.id)
      .map((e) => ({ id: e.id, amount: toNum(e.amount), returned: e.state === 'returned' })),
    instalment: r.instalmentPlanId ? partOf(plans.get(r.instalmentPlanId), toNum(r.instalmentPart)) : null,
  }));
}

function partOf(plan: InstalmentProgress | undefined, part: number): PurchaseReceipt['instalment'] {
  if (!plan) return null;
  const { planId, parts, paid, nextPart, dueDates } = plan;
  return { planId, part, parts, paid, nextDue: nextPart ? (dueDates[nextPart - 1] ?? null) : null };
}
