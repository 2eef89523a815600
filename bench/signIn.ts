// Issue 3: sign-in requests/s and p99 at 20 connections — dominated by scrypt, chosen deliberately (N=16384,
// r=16, p=1) — against bare scrypt verifications/s in this process as the reference; and what a session
// check adds to a page: the same page for a visitor and for a signed-in user, page cache off so both render.
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createLogger } from '#server/logging/logger.ts';
import { createServices } from '#server/composition/createServices.ts';
import { createAccount } from '#server/modules/accounts/createAccount.ts';
import { startPhoneSession } from '#server/modules/accounts/phone/startPhoneSession.ts';
import { resolveActor } from '#server/modules/accounts/resolveActor.ts';
import { startBuiltServer } from './lib/builtServer.ts';
import { signUpByEmail } from './lib/registerLearner.ts';
import { compared, percentile, round, timeCalls } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

const CONNECTIONS = 20;
const PASSWORD = 'bench-secret-1';

async function run(opts: Parameters<typeof autocannon>[0]) {
  // A sign-in waits behind up to 19 others for the 4 scrypt threads: on a busy machine that can pass 10 s.
  const r = await autocannon({ connections: CONNECTIONS, timeout: 60, ...opts });
  if (r.errors || r.non2xx) throw new Error(`${opts.url}: ${r.errors} errors, ${r.non2xx} non-2xx answers under load`);
  return { rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99 };
}

/** scrypt verifications/s with CONNECTIONS in flight, as the server's libuv pool would run them. */
async function bareScrypt(seconds: number): Promise<number> {
  const hash = await hashPassword(PASSWORD);
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        await verifyPassword({ hash, password: PASSWORD });
        done++;
      }
    }),
  );
  return done / seconds;
}

/**
 * The session check alone, in this process on SQLite: our one-query path (resolveActor) against
 * better-auth's getSession for the same cookie — why pages use the former.
 */
async function sessionCheckCost(times: number): Promise<Figure> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-bench-session-'));
  const database = connectDatabase({ dataDir });
  try {
    await migrateToLatest(database);
    const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
    const services = createServices({ config, database, log: createLogger('silent') });
    const input = {
      name: 'Bench',
      email: 'bench@example.com',
      password: PASSWORD,
      phone: '+254712345678',
    };
    // Signed up as the code step does it: the account, then a session without the plain password.
    const { userId } = await createAccount(services, {
      name: input.name,
      email: input.email,
      passwordHash: await hashPassword(input.password),
      phone: input.phone,
      role: 'customer',
    });
    const { setCookies } = await startPhoneSession(services, { userId, headers: new Headers(), clientIp: '127.0.0.1' });
    const headers = new Headers({ cookie: setCookies.map((c) => c.split(';')[0]).join('; ') });
    if (!(await resolveActor(services, { headers })).actor) throw new Error('the session cookie was not recognised');
    const ours = await timeCalls(() => resolveActor(services, { headers }), times);
    const theirs = await timeCalls(() => services.auth.api.getSession({ headers }), times);
    return compared('session check p50 (resolveActor, in process)', ours.p50, 'ms', {
      label: 'better-auth getSession p50',
      value: theirs.p50,
    });
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export const benchmark: Benchmark = {
  name: 'sign-in',
  description: 'sign-in at 20 connections vs bare scrypt; a page with a session check vs the same page for a visitor',
  async run({ quick, log }) {
    const seconds = quick ? 3 : 15;
    log('starting the built server with demo data (page cache off, auth rate limits off)');
    const server = await startBuiltServer({
      PAGE_CACHE_ENTRIES: '0',
      AUTH_LIMIT_PER_IP: '0',
      AUTH_LIMIT_PER_ACCOUNT: '0',
    });
    try {
      const origin = new URL(server.url).origin;
      const email = `bench.${Date.now()}@example.com`;
      const cookie = await signUpByEmail(server, {
        name: 'Bench Learner',
        email,
        password: PASSWORD,
        phone: '+254712345678',
        role: 'customer',
      });

      log(`sign-in for ${seconds} s at ${CONNECTIONS} connections, then bare scrypt for ${seconds} s`);
      const signIn = await run({
        url: `${server.url}/api/account/sign-in`,
        method: 'POST',
        duration: seconds,
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const scryptPerSecond = await bareScrypt(seconds);

      // Alternating slices so that background load on a shared machine weighs on both alike.
      log('GET / as a visitor and as a signed-in user, alternating');
      const visitor: Awaited<ReturnType<typeof run>>[] = [];
      const member: typeof visitor = [];
      const slices = quick ? 1 : 4;
      const page = { url: `${server.url}/`, duration: seconds / slices, headers: { accept: 'text/html' } };
      for (let i = 0; i < slices; i++) {
        visitor.push(await run(page));
        member.push(await run({ ...page, headers: { ...page.headers, cookie } }));
      }
      const summary = (runs: typeof visitor) => ({
        rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
        p50: percentile(
          runs.map((r) => r.p50),
          50,
        ),
        p99: percentile(
          runs.map((r) => r.p99),
          50,
        ),
      });
      const v = summary(visitor);
      const m = summary(member);
      const figures: Figure[] = [
        compared(
          'sign-in requests/s (20 connections)',
          signIn.rps,
          'req/s',
          { label: 'bare scrypt verifications/s', value: scryptPerSecond },
          {
            text: 'hashing dominates: ≥ 0.5 × bare scrypt',
            met: (_v, ratio) => ratio >= 0.5,
          },
        ),
        { label: 'sign-in p99 latency', value: signIn.p99, unit: 'ms' },
        compared('GET / signed in, requests/s', m.rps, 'req/s', { label: 'GET / visitor', value: v.rps }),
        compared('GET / signed in, p50 latency', m.p50, 'ms', { label: 'GET / visitor p50', value: v.p50 }),
        compared('GET / signed in, p99 latency', m.p99, 'ms', { label: 'GET / visitor p99', value: v.p99 }),
        { label: 'extra latency of the session check (p50 difference)', value: round(m.p50 - v.p50), unit: 'ms' },
        await sessionCheckCost(quick ? 200 : 2000),
      ];
      return figures;
    } finally {
      await server.stop();
    }
  },
};
