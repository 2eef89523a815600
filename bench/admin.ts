// Issue 7: the admin dashboard and the first page of each admin list (users, courses, purchases) with
// 1,000,000 users, 100,000 courses and 2,000,000 purchases loaded (and one course's analytics among
// 1,000,000 view events), on SQLite and on PostgreSQL, against a
// trivial `select 1` on the same connection. Goal: p95 ≤ 200 ms each. The data is generated inside the
// database (a recursive CTE on SQLite, generate_series on PostgreSQL): no rows cross the driver.
// BENCH_DATABASE_URL (default: the local server's `postgres` database) is where a throw-away database is
// created; BENCH_SKIP_PG=1 runs SQLite only.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '#server/config/config.ts';
import { createServices } from '#server/composition/createServices.ts';
import type { Database, DialectName } from '#server/db/connect.ts';
import type { DB } from '#server/db/schema.ts';
import { createLogger } from '#server/logging/logger.ts';
import { getDashboard } from '#server/modules/admin/getDashboard.ts';
import { listCourses } from '#server/modules/admin/listCourses.ts';
import { listAllPurchases } from '#server/modules/admin/listAllPurchases.ts';
import { listUsers } from '#server/modules/admin/listUsers.ts';
import { getCourseAnalytics } from '#server/modules/analytics/getCourseAnalytics.ts';
import { onEachDatabase } from './lib/onEachDatabase.ts';
import { compared, round, timeCalls } from './lib/stats.ts';
import type { BenchContext, Benchmark, Figure } from './lib/types.ts';

const GOAL_MS = 200;

interface Sizes {
  users: number;
  courses: number;
  purchases: number;
  viewEvents: number;
}

// Timestamps one minute apart going back from "now", in the format each dialect stores (ISO text with
// milliseconds on SQLite, timestamptz on PostgreSQL).
function tsSql(dialect: DialectName, minutesAgo: string) {
  return dialect === 'postgres'
    ? `(now() - (${minutesAgo}) * interval '1 minute')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', (-(${minutesAgo})) || ' minutes')`;
}

/**
 * `insert into <table> (<columns>) select <values> from 1..n` in the dialect's own way. The columns are
 * named, so a migration adding one (with its default) does not break the load.
 */
async function generate(
  db: Kysely<DB>,
  dialect: DialectName,
  n: number,
  table: string,
  columns: string,
  select: string,
) {
  const into = `"${table}" (${columns
    .split(',')
    .map((c) => `"${c.trim()}"`)
    .join(', ')})`;
  const q =
    dialect === 'postgres'
      ? `insert into ${into} select ${select} from generate_series(1, ${n}) as s(n)`
      : `with recursive s(n) as (select 1 union all select n + 1 from s where n < ${n}) insert into ${into} select ${select} from s`;
  await sql.raw(q).execute(db);
}

async function load(database: Database, s: Sizes) {
  const { db, dialect } = database;
  const pad = (prefix: string, expr: string) =>
    dialect === 'postgres' ? `'${prefix}' || lpad((${expr})::text, 8, '0')` : `printf('${prefix}%08d', ${expr})`;
  const bool = (expr: string) => (dialect === 'postgres' ? `(${expr})` : `(case when ${expr} then 1 else 0 end)`);
  const creators = Math.max(10, Math.floor(s.users / 100));
  // Users: the first 1% creators, a handful of admins, the rest customers; 1 in 500 suspended.
  await generate(
    db,
    dialect,
    s.users,
    'user',
    'id, name, email, emailVerified, image, role, phone, status, createdAt, updatedAt',
    `${pad('u', 'n')}, 'User ' || n, 'user' || n || '@bench.test', ${bool('false')}, null,
     case when n <= ${creators} then 'creator' when n <= ${creators + 5} then 'admin' else 'customer' end,
     '+254712345678', case when n % 500 = 0 then 'suspended' else 'active' end,
     ${tsSql(dialect, `${s.users} - n`)}, ${tsSql(dialect, `${s.users} - n`)}`,
  );
  // Courses: 9 in 10 published, 1 in 50 featured, spread over the creators.
  await generate(
    db,
    dialect,
    s.courses,
    'course',
    'id, title, description, price, category, thumbnailId, trailerId, published, featured, creatorId, creatorName, enrolledCount, lessonsCount, ratingAvg, ratingCount, duration, createdAt, updatedAt, publishedAt',
    `${pad('c', 'n')}, 'Course ' || n, 'About course ' || n, 500 + (n % 10) * 500, 'business', null, null,
     ${bool('n % 10 <> 0')}, ${bool('n % 50 = 1')}, ${pad('u', `1 + n % ${creators}`)}, 'User ' || (1 + n % ${creators}),
     n % 300, 5, null, 0, 0, ${tsSql(dialect, `${s.courses} - n`)}, ${tsSql(dialect, `${s.courses} - n`)}, ${tsSql(dialect, `${s.courses} - n`)}`,
  );
  // Payments: 85% paid, 2% refunded, the rest failed/cancelled/expired/pending; amounts follow the price.
  const status = `case when n % 100 < 85 then 'paid' when n % 100 < 87 then 'refunded' when n % 100 < 95 then 'failed'
    when n % 100 < 97 then 'cancelled' when n % 100 < 99 then 'expired' else 'pending' end`;
  const at = tsSql(dialect, `(${s.purchases} - n) / 4`);
  const paidAt = `case when n % 100 < 87 then ${at} else null end`;
  await generate(
    db,
    dialect,
    s.purchases,
    'payment',
    'id, userId, courseId, amount, currency, phone, provider, status, resultCode, resultDesc, merchantRequestId, checkoutRequestId, mpesaReceipt, idempotencyKey, lateSuccess, rawRequest, rawCallback, rawQuery, checkedAt, createdAt, updatedAt, paidAt, expiresAt',
    `${pad('p', 'n')}, ${pad('u', `${creators + 6} + n % ${s.users - creators - 6}`)}, ${pad('c', `1 + n % ${s.courses}`)},
     500 + ((1 + n % ${s.courses}) % 10) * 500, 'KES', '254712345678', 'mpesa', ${status}, null, null, null,
     'ws_CO_' || n, case when n % 100 < 87 then 'R' || n else null end, 'k' || n, ${bool('false')}, null, null, null, null,
     ${at}, ${at}, ${paidAt}, ${at}`,
  );
  await generate(
    db,
    dialect,
    Math.floor(s.purchases / 100),
    'refund',
    'id, paymentId, actorId, amount, providerRef, createdAt',
    `${pad('r', 'n')}, ${pad('p', 'n * 100 - 14')}, 'u00000001', 500 + ((1 + (n * 100 - 14) % ${s.courses}) % 10) * 500, 'AG_' || n,
     ${tsSql(dialect, `(${s.purchases} - (n * 100 - 14)) / 4 - 60`)}`,
  );
  // Viewing events for creator analytics: 1 in 10 purchases' worth, on the first 100 courses (5 episodes
  // each), so each of those courses has thousands of events and the table holds millions in real life.
  const analyticsCourses = Math.min(100, s.courses);
  await generate(
    db,
    dialect,
    analyticsCourses * 5,
    'episode',
    'id, courseId, title, description, videoId, thumbnailId, duration, position, createdAt',
    `${pad('e', 'n')}, ${pad('c', `1 + (n - 1) / 5`)}, 'Episode ' || n, '', null, null, 600, 1 + (n - 1) % 5, ${tsSql(dialect, '0')}`,
  );
  await generate(
    db,
    dialect,
    s.viewEvents,
    'viewEvent',
    'courseId, episodeId, kind, seconds, userId, createdAt',
    `${pad('c', `1 + n % ${analyticsCourses}`)},
     case when n % 10 < 2 then null else ${pad('e', `(n % ${analyticsCourses}) * 5 + 1 + n % 5`)} end,
     case when n % 10 < 2 then 'trailer_view' when n % 10 < 4 then 'preview_view' else 'watch' end,
     case when n % 10 < 4 then 0 else 15 end,
     case when n % 10 < 4 then null else ${pad('u', `${creators + 6} + n % 5000`)} end,
     ${tsSql(dialect, `n % 43200`)}`,
  );
  // Statistics for the planner, as a maintained database has them (autovacuum / PRAGMA optimize).
  await sql`analyze`.execute(db);
}

async function measure(database: Database, sizes: Sizes, ctx: BenchContext): Promise<Figure[]> {
  const { db, dialect } = database;
  const t0 = performance.now();
  await load(database, sizes);
  ctx.log(
    `${dialect}: loaded ${sizes.users} users, ${sizes.courses} courses, ${sizes.purchases} purchases, ${sizes.viewEvents} view events in ${round((performance.now() - t0) / 1000, 1)} s`,
  );
  const times = ctx.quick ? 10 : 40;
  const reference = await timeCalls(() => sql`select 1`.execute(db), times * 2);
  const ref = { label: 'select 1 p95', value: reference.p95 };
  const goal = { text: `p95 ≤ ${GOAL_MS} ms`, met: (v: number) => v <= GOAL_MS };
  // The operations take the services; a configured token key keeps this run from writing one to disk.
  const config = loadConfig({ DATA_DIR: os.tmpdir(), MEDIA_TOKEN_SECRET: randomBytes(32).toString('base64url') });
  const services = createServices({ config, database, log: createLogger('silent') });
  const admin = { userId: 'u00000001', role: 'admin' } as const;
  const cases: [string, () => Promise<unknown>][] = [
    ['dashboard', () => getDashboard(services, admin)],
    ['users first page', () => listUsers(services, admin, {})],
    ['courses first page', () => listCourses(services, admin, {})],
    ['purchases first page', () => listAllPurchases(services, admin, {})],
    ['users by name, first page', () => listUsers(services, admin, { sort: 'name', dir: 'asc' })],
    [
      'paid purchases by amount, first page',
      () => listAllPurchases(services, admin, { sort: 'amount', status: 'paid' }),
    ],
    // One course's analytics (≈10,000 of the million view events), over 30 days, as its creator sees them.
    ['course analytics, 30 days', () => getCourseAnalytics(services, admin, { courseId: 'c00000001', days: 30 })],
  ];
  const figures: Figure[] = [];
  for (const [label, fn] of cases) {
    const r = await timeCalls(fn, times);
    figures.push({ label: `${dialect} ${label} p50`, value: round(r.p50, 2), unit: 'ms' });
    figures.push(compared(`${dialect} ${label} p95`, r.p95, 'ms', ref, goal));
  }
  await services.stop();
  return figures;
}

export const benchmark: Benchmark = {
  name: 'admin',
  description:
    'admin dashboard and first list pages with 1,000,000 users, 100,000 courses, 2,000,000 purchases, SQLite and PostgreSQL',
  async run(ctx) {
    const sizes = ctx.quick
      ? { users: 20_000, courses: 2_000, purchases: 40_000, viewEvents: 20_000 }
      : { users: 1_000_000, courses: 100_000, purchases: 2_000_000, viewEvents: 1_000_000 };
    return onEachDatabase({ dir: 'darasa-bench-admin-', database: 'darasa_bench_admin_' }, (database) =>
      measure(database, sizes, ctx),
    );
  },
};
