import { sql } from 'kysely';
import type { Services } from '#server/core/services.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { notFound, unauthenticated } from '#server/core/errors.ts';
import { isId } from '#common/ids.ts';
import { canManageCourse } from '../access/policies.ts';
import type { Actor } from '#server/core/actor.ts';
import { nairobiDay } from '../shared/nairobiTime.ts';
import { nairobiDaySql } from './dayBucket.ts';

/** A watcher completed an episode once their watch time reaches this percentage of its length. */
const COMPLETION_PCT = 90;

export interface DayPoint {
  day: string;
  enrollments: number;
  revenue: number;
  trailerViews: number;
  previewViews: number;
  watchSeconds: number;
}

export interface EpisodeStats {
  episodeId: string;
  position: number;
  title: string;
  duration: number;
  watchSeconds: number;
  /** Signed-in learners who watched any of it. */
  watchers: number;
  completed: number;
  /** completed / watchers, 0–100, one decimal; null with no watchers. */
  completionPct: number | null;
}

export interface CourseAnalytics {
  course: { id: string; title: string; published: boolean };
  days: DayPoint[];
  totals: { enrollments: number; revenue: number; trailerViews: number; previewViews: number; watchSeconds: number };
  episodes: EpisodeStats[];
}

const COMPLETED = ['paid', 'refunded'] as const;

/**
 * A course's figures for its creator (or an admin): per Nairobi day over the last `days` days, and per
 * episode over all time. Revenue counts paid purchases on the day paid, less refunds on the day refunded.
 */
export async function getCourseAnalytics(
  services: Pick<Services, 'database' | 'clock'>,
  actor: Actor,
  { courseId, days }: { courseId: string; days: number },
): Promise<CourseAnalytics> {
  const { db, dialect } = services.database;
  const now = services.clock.now();
  if (!actor) throw unauthenticated();
  if (!isId(courseId)) throw notFound('Course not found.');
  const course = await db
    .selectFrom('course')
    .select(['id', 'title', 'creatorId', 'published'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  // Someone else's course is answered exactly like a missing one.
  if (!course || !canManageCourse(actor, course)) throw notFound('Course not found.');

  const dayKeys = Array.from({ length: days }, (_, i) =>
    nairobiDay(new Date(now.getTime() - (days - 1 - i) * 86_400_000)),
  );
  // From the start of the first Nairobi day shown (a day before is a safe lower bound for the index range).
  const since = new Date(now.getTime() - days * 86_400_000);

  const [enrollments, paid, refunds, fees, views, episodeRows, watchers] = await Promise.all([
    db
      .selectFrom('enrollment')
      .select([nairobiDaySql(dialect, 'createdAt').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('courseId', '=', courseId)
      .where('createdAt', '>=', since)
      .groupBy(sql.raw('1'))
      .execute(),
    db
      .selectFrom('payment')
      .select([nairobiDaySql(dialect, 'paidAt').as('day'), (eb) => eb.fn.sum<number>('amount').as('n')])
      .where('courseId', '=', courseId)
      // A bundle's payment names its first course only to have one: it is no sale of that course alone.
      .where('bundleId', 'is', null)
      .where('status', 'in', COMPLETED)
      .where('paidAt', '>=', since)
      .groupBy(sql.raw('1'))
      .execute(),
    db
      .selectFrom('refund')
      .innerJoin('payment', 'payment.id', 'refund.paymentId')
      .select([
        nairobiDaySql(dialect, 'refund.createdAt').as('day'),
        (eb) => eb.fn.sum<number>('refund.amount').as('n'),
      ])
      .where('payment.courseId', '=', courseId)
      .where('payment.bundleId', 'is', null)
      .where('refund.createdAt', '>=', since)
      .groupBy(sql.raw('1'))
      .execute(),
    // Darasa's fee on each sale (credit, negative) and the fee given back with a refund (debit), from the
    // ledger with the split each sale was made under: revenue is what the creator earns.
    db
      .selectFrom('journalEntry as e')
      .innerJoin('journalLine as l', 'l.entryId', 'e.id')
      .innerJoin('payment as p', 'p.id', 'e.paymentId')
      .select([nairobiDaySql(dialect, 'e.createdAt').as('day'), (eb) => eb.fn.sum<number>('l.amount').as('n')])
      .where('e.courseId', '=', courseId)
      .where('p.bundleId', 'is', null)
      .where('e.kind', 'in', ['sale', 'refund'])
      .where('l.account', '=', 'platform_fees')
      .where('e.createdAt', '>=', since)
      .groupBy(sql.raw('1'))
      .execute(),
    db
      .selectFrom('viewEvent')
      .select([
        'kind',
        nairobiDaySql(dialect, 'createdAt').as('day'),
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('seconds').as('seconds'),
      ])
      .where('courseId', '=', courseId)
      .where('kind', 'in', ['trailer_view', 'preview_view', 'watch'])
      .where('createdAt', '>=', since)
      .groupBy(['kind', sql.raw('2')])
      .execute(),
    db
      .selectFrom('episode')
      .select(['id', 'position', 'title', 'duration'])
      .where('courseId', '=', courseId)
      .orderBy('position')
      .execute(),
    // One pass over the course's watch events, per episode and actor (visitors together as one null
    // actor): all watch time, signed-in learners who watched, and those whose total reached
    // COMPLETION_PCT of the episode.
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('viewEvent')
          .select(['episodeId', 'userId', (e) => e.fn.sum<number>('seconds').as('s')])
          .where('courseId', '=', courseId)
          .where('kind', '=', 'watch')
          .groupBy(['episodeId', 'userId'])
          .as('u'),
      )
      .innerJoin('episode', 'episode.id', 'u.episodeId')
      .select([
        'u.episodeId',
        (eb) => eb.fn.sum<number>('u.s').as('seconds'),
        (eb) => eb.fn.count<number>('u.userId').as('watchers'),
        sql<number>`sum(case when "u"."userId" is not null and "u"."s" * 100 >= ${COMPLETION_PCT} * "episode"."duration" and "episode"."duration" > 0 then 1 else 0 end)`.as(
          'completed',
        ),
      ])
      .groupBy('u.episodeId')
      .execute(),
  ]);

  const points = new Map<string, DayPoint>(
    dayKeys.map((day) => [day, { day, enrollments: 0, revenue: 0, trailerViews: 0, previewViews: 0, watchSeconds: 0 }]),
  );
  const at = (day: unknown) => points.get(String(day));
  const add = (day: unknown, key: 'enrollments' | 'revenue', n: number) => {
    const p = at(day);
    if (p) p[key] += n;
  };
  for (const r of enrollments) add(r.day, 'enrollments', toNum(r.n));
  for (const r of paid) add(r.day, 'revenue', toNum(r.n));
  for (const r of refunds) add(r.day, 'revenue', -toNum(r.n));
  for (const r of fees) add(r.day, 'revenue', toNum(r.n));
  for (const r of views) {
    const p = at(r.day);
    if (!p) continue;
    if (r.kind === 'trailer_view') p.trailerViews += toNum(r.n);
    else if (r.kind === 'preview_view') p.previewViews += toNum(r.n);
    else p.watchSeconds += toNum(r.seconds);
  }
  const series = [...points.values()];
  const sum = (k: keyof Omit<DayPoint, 'day'>) => series.reduce((s, p) => s + p[k], 0);

  const byEpisode = new Map(watchers.map((w) => [w.episodeId, w]));
  const episodes = episodeRows.map((e) => {
    const w = byEpisode.get(e.id);
    const n = toNum(w?.watchers);
    const completed = toNum(w?.completed);
    return {
      episodeId: e.id,
      position: toNum(e.position),
      title: e.title,
      duration: toNum(e.duration),
      watchSeconds: toNum(w?.seconds),
      watchers: n,
      completed,
      completionPct: n ? Math.round((completed / n) * 1000) / 10 : null,
    };
  });

  return {
    course: { id: course.id, title: course.title, published: toBool(course.published) },
    days: series,
    totals: {
      enrollments: sum('enrollments'),
      revenue: sum('revenue'),
      trailerViews: sum('trailerViews'),
      previewViews: sum('previewViews'),
      watchSeconds: sum('watchSeconds'),
    },
    episodes,
  };
}
