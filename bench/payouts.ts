// Issue 14: N creators paid out in one scheduled run (the `payouts.tick` periodic task's scheduler opens N
// payouts, the built server's send jobs call Daraja B2C on the simulator, the results come back to the server and settle
// them) — payouts/s from the run's start to the last payout settled, and lost or doubled payouts (goal 0).
// Reference, same run: N bare B2C calls to the same simulator at the server's job concurrency, each
// result received by a bare node:http endpoint. BENCH_PAYOUTS_DATABASE_URL runs it on PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '#server/config/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { createServices } from '#server/composition/createServices.ts';
import { newId } from '#server/lib/ids.ts';
import { postSaleInTx } from '#server/modules/ledger/postSaleInTx.ts';
import { runScheduledPayouts } from '#server/modules/payouts/runScheduledPayouts.ts';
import { createLogger } from '#server/logging/logger.ts';
import { createMpesaSimulator } from '#simulators/mpesa/createMpesaSimulator.ts';
import { startBuiltServer } from './lib/builtServer.ts';
import { compared, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

const PHONE = '254708374149';
const CONCURRENCY = 4;
const PRICE = 1000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** N B2C requests straight to the simulator, CONCURRENCY at a time; resolves when every result arrived. */
async function bareB2c(simUrl: string, n: number, creds: { consumerKey: string; consumerSecret: string }) {
  let received = 0;
  let done: () => void = () => {};
  const all = new Promise<void>((r) => {
    done = r;
  });
  const sink = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0}');
      if (++received === n) done();
    });
  });
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/result`;
  const basic = Buffer.from(`${creds.consumerKey}:${creds.consumerSecret}`).toString('base64');
  const t0 = performance.now();
  const tok = (await (
    await fetch(`${simUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${basic}` },
    })
  ).json()) as { access_token: string };
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        next++;
        const res = await fetch(`${simUrl}/mpesa/b2c/v3/paymentrequest`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tok.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            OriginatorConversationID: newId(),
            InitiatorName: 'bench',
            SecurityCredential: 'bench',
            CommandID: 'BusinessPayment',
            Amount: PRICE - 100,
            PartyA: '600000',
            PartyB: PHONE,
            Remarks: 'bench',
            QueueTimeOutURL: url,
            ResultURL: url,
            Occasion: 'bench',
          }),
        });
        if (res.status !== 200) throw new Error(`bare B2C: ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  await all;
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => sink.close(r));
  return seconds;
}

export const benchmark: Benchmark = {
  name: 'payouts',
  description: 'N creators paid out in one scheduled run (B2C through the simulator) vs N bare simulator B2C calls',
  async run({ quick, log }) {
    const n = quick ? 100 : 1000;
    const databaseUrl = process.env.BENCH_PAYOUTS_DATABASE_URL;
    const { consumerKey, consumerSecret, shortcode, passkey } = loadConfig({}).mpesa;
    const sim = await createMpesaSimulator({ consumerKey, consumerSecret, shortcode, passkey, callbackDelayMs: 0 });
    const server = await startBuiltServer({
      DEMO_DATA: 'false',
      MPESA_BASE_URL: sim.url,
      PAYMENT_RECONCILE_INTERVAL_MS: '0',
      JOB_CONCURRENCY: String(CONCURRENCY),
      // The scheduler's own runs are an hour apart: this benchmark makes the one it measures.
      PAYOUT_TICK_S: '3600',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const database = connectDatabase({ dataDir: server.dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    const { db } = database;
    // The bench's own services on the server's database: the scheduled run opens the payouts and queues their
    // send jobs, which the server's workers run.
    const services = createServices({
      config: loadConfig({ DATA_DIR: server.dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }),
      database,
      log: createLogger('silent'),
    });
    try {
      log(`seeding ${n} creators with a cleared sale and a verified number (${databaseUrl ? 'PostgreSQL' : 'SQLite'})`);
      const past = new Date(Date.now() - 10 * 86_400_000);
      const buyerId = newId();
      const user = (id: string, role: string) => ({
        id,
        name: `Bench ${role}`,
        email: `${role}.${id}@example.com`,
        emailVerified: false,
        role,
        phone: '+254712000000',
        status: 'active',
        createdAt: past,
        updatedAt: past,
      });
      await db.insertInto('user').values(user(buyerId, 'customer')).execute();
      for (let i = 0; i < n; i += 100) {
        await db.transaction().execute(async (trx) => {
          for (let j = i; j < Math.min(n, i + 100); j++) {
            const creatorId = newId();
            const courseId = newId();
            const paymentId = newId();
            await trx.insertInto('user').values(user(creatorId, 'creator')).execute();
            await trx
              .insertInto('course')
              .values({
                id: courseId,
                title: `Bench course ${j}`,
                description: 'Bench',
                price: PRICE,
                category: 'business',
                thumbnailId: null,
                trailerId: null,
                published: true,
                featured: false,
                creatorId,
                creatorName: 'Bench creator',
                ratingAvg: null,
                createdAt: past,
                updatedAt: past,
                publishedAt: past,
              })
              .execute();
            await trx
              .insertInto('payment')
              .values({
                id: paymentId,
                userId: buyerId,
                courseId,
                amount: PRICE,
                phone: PHONE,
                status: 'paid',
                resultCode: 0,
                resultDesc: 'ok',
                merchantRequestId: null,
                checkoutRequestId: null,
                mpesaReceipt: null,
                idempotencyKey: paymentId,
                rawRequest: null,
                rawCallback: null,
                rawQuery: null,
                checkedAt: null,
                createdAt: past,
                updatedAt: past,
                paidAt: past,
                expiresAt: past,
              })
              .execute();
            await postSaleInTx(trx, { paymentId, courseId, amount: PRICE, feePercent: 10, holdDays: 3, now: past });
            await trx
              .insertInto('payoutAccount')
              .values({
                userId: creatorId,
                phone: PHONE,
                verifiedPhone: PHONE,
                verifiedName: 'Bench',
                verifiedAt: past,
                schedule: 'daily',
                lastAutoAt: null,
                holdReason: null,
                heldBy: null,
                heldAt: null,
                createdAt: past,
                updatedAt: past,
              })
              .execute();
          }
        });
      }

      log(`reference: ${n} bare B2C calls to the simulator, ${CONCURRENCY} at a time, results to a bare endpoint`);
      const bareSeconds = await bareB2c(sim.url, n, { consumerKey, consumerSecret });

      log(`one scheduled run paying ${n} creators`);
      const before = sim.b2c.payouts.size;
      const t0 = performance.now();
      await runScheduledPayouts(services);
      for (;;) {
        await wait(100);
        const open = await db
          .selectFrom('payout')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', ['requested', 'sent'])
          .executeTakeFirstOrThrow();
        const settled = await db
          .selectFrom('payout')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', 'in', ['paid', 'failed'])
          .executeTakeFirstOrThrow();
        if (Number(open.n) === 0 && Number(settled.n) >= n) break;
      }
      const runSeconds = (performance.now() - t0) / 1000;

      const payouts = await db.selectFrom('payout').select(['creatorId', 'status', 'amount']).execute();
      const paid = payouts.filter((p) => p.status === 'paid');
      const creators = new Set(paid.map((p) => p.creatorId)).size;
      const entries = await db
        .selectFrom('journalEntry')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'payout_paid')
        .executeTakeFirstOrThrow();
      const simPayouts = [...sim.b2c.payouts.values()].slice(before);
      const moneyMoved = simPayouts.filter((p) => p.state === 'completed').length;
      const repeatedRequests = simPayouts.filter((p) => p.requests > 1).length;
      const lost = n - creators;
      const doubled = paid.length - creators + (Number(entries.n) - paid.length) + (moneyMoved - n);
      log(
        `paid ${paid.length} to ${creators} creators, ledger entries ${entries.n}, B2C transfers ${moneyMoved}, repeated requests ${repeatedRequests}`,
      );
      const figures: Figure[] = [
        compared(`${n} creators paid out in one scheduled run`, round(n / runSeconds), 'payouts/s', {
          label: `${n} bare simulator B2C calls (request → result received)`,
          value: round(n / bareSeconds),
        }),
        { label: 'scheduled run, start → last payout settled', value: round(runSeconds), unit: 's' },
        {
          label: 'lost + doubled payouts',
          value: Math.abs(lost) + Math.abs(doubled),
          unit: 'count',
          goal: '0 lost, 0 doubled (one paid payout, one ledger entry, one B2C transfer per creator)',
          met: lost === 0 && doubled === 0 && paid.length === n,
        },
      ];
      return figures;
    } finally {
      await services.stop();
      await database.close();
      await server.stop();
      await sim.close();
    }
  },
};
