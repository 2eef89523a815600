// Issue 6: N purchases completing concurrently through the Daraja simulator against the built server —
// payments/s (start → enrollment visible to the customer, all N), p99 of callback → enrollment visible
// (the callback handler commits the enrollment before it answers, so its response time is that span), and
// lost or duplicated enrollments (goal 0). Reference: GET /healthz (one DB round trip) at the same
// concurrency. BENCH_PAYMENTS_DATABASE_URL runs it on PostgreSQL instead of SQLite.
import { connectDatabase } from '#server/db/connect.ts';
import { loadConfig } from '#server/config/config.ts';
import { newId } from '#server/lib/ids.ts';
import { createMpesaSimulator } from '#simulators/mpesa/createMpesaSimulator.ts';
import { make } from '#tests/support/factories/index.ts';
import { startBuiltServer } from './lib/builtServer.ts';
import { compared, percentile, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';
import { registerLearner } from './lib/registerLearner.ts';

const SUCCESS_PHONE = '254708374149';
const POLL_MS = 2000;

async function inBatches<T>(n: number, size: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size)
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => fn(i + j)))));
  return out;
}

export const benchmark: Benchmark = {
  name: 'payments',
  description:
    'concurrent M-Pesa purchases through the Daraja simulator: payments/s, p99 callback→enrollment, lost/duplicated enrollments',
  async run({ quick, log }) {
    const n = quick ? 40 : 200;
    const databaseUrl = process.env.BENCH_PAYMENTS_DATABASE_URL;
    const { consumerKey, consumerSecret, shortcode, passkey } = loadConfig({}).mpesa;
    const callbackMs: number[] = [];
    let lastCallbackAt = 0;
    let failedCallbacks = 0;
    const sim = await createMpesaSimulator({
      consumerKey,
      consumerSecret,
      shortcode,
      passkey,
      callbackDelayMs: 100,
      mode: 'auto',
      onCallback: (_tx, a) => {
        if (a.status !== 200) failedCallbacks++;
        callbackMs.push(a.ms);
        lastCallbackAt = performance.now();
      },
    });
    log(`built server on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}, simulator at ${sim.url}`);
    const server = await startBuiltServer({
      DEMO_DATA: 'false',
      AUTH_LIMIT_PER_IP: '0',
      AUTH_LIMIT_PER_ACCOUNT: '0',
      // Every sign-up e-mails a code: many from this one address.
      OTP_SEND_LIMIT_PER_IP: '0',
      // Every buyer pays from the simulator's one success number: the per-phone prompt budget (against
      // strangers flooding a number) would refuse all but the first few.
      MPESA_PROMPT_LIMIT_PER_PHONE: '0',
      MPESA_BASE_URL: sim.url,
      PAYMENT_RECONCILE_INTERVAL_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const database = connectDatabase({ dataDir: server.dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    try {
      const origin = new URL(server.url).origin;
      const courseId = (await make.creatorWithCourse(database.db, { title: 'Bench course', price: 1500 })).course.id;

      log(`registering ${n} customers`);
      const cookies = await inBatches(n, 8, async (i) => {
        return registerLearner(server, {
          name: `Buyer ${i}`,
          email: `buyer${i}.${courseId}@example.com`,
          phone: '+254712345678',
        });
      });

      log(`reference: ${n} concurrent GET /healthz`);
      const health = await Promise.all(
        Array.from({ length: n }, async () => {
          const t0 = performance.now();
          const res = await fetch(`${server.url}/healthz`);
          await res.arrayBuffer();
          return performance.now() - t0;
        }),
      );

      log(`${n} purchases at once (simulated PIN entry takes 100 ms)`);
      const t0 = performance.now();
      const visibleAt = await Promise.all(
        cookies.map(async (cookie) => {
          const start = await fetch(`${server.url}/api/payments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin, cookie },
            body: JSON.stringify({ courseId, amount: 1500, phone: SUCCESS_PHONE, idempotencyKey: newId() }),
          });
          if (start.status !== 202) throw new Error(`start payment: ${start.status} ${await start.text()}`);
          const { payment } = (await start.json()) as { payment: { id: string } };
          // What the purchase modal does: poll every 2 s until the customer sees it completed.
          for (;;) {
            await new Promise((r) => setTimeout(r, POLL_MS));
            const res = await fetch(`${server.url}/api/payments/${payment.id}`, { headers: { cookie } });
            const { payment: p } = (await res.json()) as { payment: { status: string } };
            if (p.status === 'paid') return performance.now() - t0;
            if (p.status !== 'pending') throw new Error(`payment ended ${p.status}`);
          }
        }),
      );
      const settledIn = (lastCallbackAt - t0) / 1000;

      const enrollments = await database.db
        .selectFrom('enrollment')
        .select(['userId', 'paymentId'])
        .where('courseId', '=', courseId)
        .execute();
      const paid = await database.db
        .selectFrom('payment')
        .select('id')
        .where('courseId', '=', courseId)
        .where('status', '=', 'paid')
        .execute();
      const course = await database.db
        .selectFrom('course')
        .select('enrolledCount')
        .where('id', '=', courseId)
        .executeTakeFirstOrThrow();
      const distinctUsers = new Set(enrollments.map((e) => e.userId)).size;
      const lost = n - distinctUsers;
      const duplicated = enrollments.length - distinctUsers;
      log(
        `paid ${paid.length}, enrollments ${enrollments.length}, enrolledCount ${course.enrolledCount}, failed callbacks ${failedCallbacks}`,
      );

      const p99Callback = percentile(callbackMs, 99);
      const figures: Figure[] = [
        {
          label: `${n} concurrent purchases, first start → last enrollment committed`,
          value: round(n / settledIn),
          unit: 'payments/s',
        },
        {
          label: `all ${n} seen as paid by their customers (polling every ${POLL_MS} ms) after`,
          value: round(Math.max(...visibleAt) / 1000),
          unit: 's',
        },
        compared('p99 callback → enrollment visible', p99Callback, 'ms', {
          label: `p99 GET /healthz at ${n} concurrent`,
          value: percentile(health, 99),
        }),
        { label: 'p50 callback → enrollment visible', value: round(percentile(callbackMs, 50)), unit: 'ms' },
        {
          label: 'lost + duplicated enrollments',
          value: lost + duplicated + Math.abs(Number(course.enrolledCount) - n),
          unit: 'count',
          goal: '0 lost, 0 duplicated, enrolledCount exact',
          met: lost === 0 && duplicated === 0 && Number(course.enrolledCount) === n && paid.length === n,
        },
      ];
      return figures;
    } finally {
      await database.close();
      await server.stop();
      await sim.close();
    }
  },
};
