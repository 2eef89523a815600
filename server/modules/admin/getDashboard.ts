import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { requireAdmin } from '../access/requireAdmin.ts';
import { nairobiMonthStart, nairobiOffsetMs } from '../shared/nairobiTime.ts';

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

function trend(thisMonth: number, lastMonth: number): Trend {
  const growthPct = lastMonth === 0 ? null : Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
  return { thisMonth, lastMonth, growthPct };
}

/** "2026-11": the Nairobi month an instant falls in, as the counters name it. */
const monthKey = (at: Date) => new Date(at.getTime() + nairobiOffsetMs(at)).toISOString().slice(0, 7);

/**
 * The admin dashboard's figures from the live database. They come from `adminCounter`, which triggers keep
 * exact on every write (migration 0010), so this reads a few dozen rows whatever the platform's size.
 */
export async function getDashboard(services: Services, actor: Actor): Promise<Dashboard> {
  requireAdmin(actor);
  const now = services.clock.now();
  const thisStart = nairobiMonthStart(now, 0);
  const thisM = monthKey(thisStart);
  const lastM = monthKey(nairobiMonthStart(now, -1));
  const monthly = ['users.new', 'courses.new', 'purchases.count', 'purchases.amount', 'refunds.amount'];
  const keys = [
    'users.role.customer',
    'users.role.creator',
    'users.role.admin',
    'users.status.suspended',
    'courses.published',
    'courses.draft',
    'courses.featured',
    'purchases.count',
    'purchases.amount',
    'refunds.count',
    'refunds.amount',
    ...monthly.flatMap((k) => [`${k}@${thisM}`, `${k}@${lastM}`]),
  ];
  const rows = await services.database.db
    .selectFrom('adminCounter')
    .select(['key', 'n'])
    .where('key', 'in', keys)
    .execute();
  const counters = new Map(rows.map((r) => [r.key, toNum(r.n)]));
  const get = (k: string) => counters.get(k) ?? 0;
  const months = (k: string) => [get(`${k}@${thisM}`), get(`${k}@${lastM}`)] as const;

  const [usersThis, usersLast] = months('users.new');
  const [coursesThis, coursesLast] = months('courses.new');
  const [buysThis, buysLast] = months('purchases.count');
  const [grossThis, grossLast] = months('purchases.amount');
  const [refundThis, refundLast] = months('refunds.amount');
  const published = get('courses.published');
  const draft = get('courses.draft');

  return {
    users: {
      total: get('users.role.customer') + get('users.role.creator') + get('users.role.admin'),
      customer: get('users.role.customer'),
      creator: get('users.role.creator'),
      admin: get('users.role.admin'),
      suspended: get('users.status.suspended'),
      new: trend(usersThis, usersLast),
    },
    courses: {
      total: published + draft,
      published,
      draft,
      featured: get('courses.featured'),
      new: trend(coursesThis, coursesLast),
    },
    purchases: { total: get('purchases.count'), refunded: get('refunds.count'), new: trend(buysThis, buysLast) },
    revenue: {
      total: get('purchases.amount') - get('refunds.amount'),
      refunded: get('refunds.amount'),
      new: trend(grossThis - refundThis, grossLast - refundLast),
    },
    monthStart: thisStart.toISOString(),
  };
}
