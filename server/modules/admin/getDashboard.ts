import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { toBool, toNum } from '../../db/values.ts';
import { nairobiMonthStart } from './nairobiTime.ts';

/** A figure this calendar month (to date) against the whole of last month, in Nairobi time. */
export interface Trend {
  thisMonth: number;
  lastMonth: number;
  /** Percent change, one decimal; null when last month was zero (no honest percentage exists). */
  growthPct: number | null;
}

export interface Dashboard {
  users: { total: number; customer: number; creator: number; admin: number; suspended: number; new: Trend };
  courses: { total: number; published: number; draft: number; featured: number; new: Trend };
  /** Completed purchases (paid, including ones refunded later). */
  purchases: { total: number; refunded: number; new: Trend };
  /** KES: paid purchases minus refunds, each refund counted in the month it was made. */
  revenue: { total: number; refunded: number; new: Trend };
  monthStart: string;
}

// Purchases that completed; a refunded payment was still a purchase, its money leaves through `refund`.
const COMPLETED = ['paid', 'refunded'] as const;

function trend(thisMonth: number, lastMonth: number): Trend {
  const growthPct = lastMonth === 0 ? null : Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
  return { thisMonth, lastMonth, growthPct };
}

/** The admin dashboard's figures, all from the live database. */
export async function getDashboard(db: Kysely<DB>, now = new Date()): Promise<Dashboard> {
  const thisStart = nairobiMonthStart(now, 0);
  const lastStart = nairobiMonthStart(now, -1);
  // Each month split is one pass over an index range: `from` ≤ t < `to`.
  const inMonth = (col: string) => ({
    this: sql<number>`count(case when ${sql.ref(col)} >= ${thisStart} then 1 end)`,
    last: sql<number>`count(case when ${sql.ref(col)} >= ${lastStart} and ${sql.ref(col)} < ${thisStart} then 1 end)`,
  });

  const [roles, suspended, newUsers, courses, newCourses, paidTotals, paidMonths, refunds, refundMonths] = await Promise.all([
    db.selectFrom('user').select(['role', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('role').execute(),
    db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'suspended').executeTakeFirstOrThrow(),
    db
      .selectFrom('user')
      .select([inMonth('createdAt').this.as('this'), inMonth('createdAt').last.as('last')])
      .where('createdAt', '>=', lastStart)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('course')
      .select(['published', 'featured', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['published', 'featured'])
      .execute(),
    db
      .selectFrom('course')
      .select([inMonth('createdAt').this.as('this'), inMonth('createdAt').last.as('last')])
      .where('createdAt', '>=', lastStart)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payment')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('amount').as('amount')])
      .where('status', 'in', COMPLETED)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('payment')
      .select([
        inMonth('paidAt').this.as('this'),
        inMonth('paidAt').last.as('last'),
        sql<number>`coalesce(sum(case when "paidAt" >= ${thisStart} then "amount" end), 0)`.as('thisAmount'),
        sql<number>`coalesce(sum(case when "paidAt" < ${thisStart} then "amount" end), 0)`.as('lastAmount'),
      ])
      .where('status', 'in', COMPLETED)
      .where('paidAt', '>=', lastStart)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refund')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('amount')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('refund')
      .select([
        sql<number>`coalesce(sum(case when "createdAt" >= ${thisStart} then "amount" end), 0)`.as('thisAmount'),
        sql<number>`coalesce(sum(case when "createdAt" < ${thisStart} then "amount" end), 0)`.as('lastAmount'),
      ])
      .where('createdAt', '>=', lastStart)
      .executeTakeFirstOrThrow(),
  ]);

  const byRole = Object.fromEntries(roles.map((r) => [r.role, toNum(r.n)]));
  let published = 0;
  let draft = 0;
  let featured = 0;
  for (const c of courses) {
    const n = toNum(c.n);
    if (toBool(c.published)) published += n;
    else draft += n;
    if (toBool(c.featured)) featured += n;
  }
  const paid = Object.fromEntries(paidTotals.map((p) => [p.status, { n: toNum(p.n), amount: toNum(p.amount) }]));
  const gross = (paid.paid?.amount ?? 0) + (paid.refunded?.amount ?? 0);
  const refundedAmount = toNum(refunds.amount);

  return {
    users: {
      total: roles.reduce((s, r) => s + toNum(r.n), 0),
      customer: byRole.customer ?? 0,
      creator: byRole.creator ?? 0,
      admin: byRole.admin ?? 0,
      suspended: toNum(suspended.n),
      new: trend(toNum(newUsers.this), toNum(newUsers.last)),
    },
    courses: { total: published + draft, published, draft, featured, new: trend(toNum(newCourses.this), toNum(newCourses.last)) },
    purchases: {
      total: (paid.paid?.n ?? 0) + (paid.refunded?.n ?? 0),
      refunded: toNum(refunds.n),
      new: trend(toNum(paidMonths.this), toNum(paidMonths.last)),
    },
    revenue: {
      total: gross - refundedAmount,
      refunded: refundedAmount,
      new: trend(
        toNum(paidMonths.thisAmount) - toNum(refundMonths.thisAmount),
        toNum(paidMonths.lastAmount) - toNum(refundMonths.lastAmount),
      ),
    },
    monthStart: thisStart.toISOString(),
  };
}
