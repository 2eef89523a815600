// Issue 16: every core. Signed-in pages/s and p99 (landing, course page, search, /customer) with one web
// process against WEB_PROCESSES = the number of cores, in the same run on the same seeded database
// (alternating slices, so background load on a shared machine weighs on both alike); then the resident
// memory of each web process before and after a mixed load (visitors and signed-in learners at once) of
// BENCH_SOAK_SECONDS (default 300; 10 in quick mode).
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import { BUNDLE, spawnServer, startBuiltServer, type ChildServer } from './lib/builtServer.ts';
import { compared, percentile, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';
import { registerLearner } from './lib/registerLearner.ts';

const LEARNERS = 10;
const VISITORS = 20;

interface Load {
  rps: number;
  p99: number;
  requests: number;
}

async function load(
  url: string,
  paths: string[],
  connections: number,
  seconds: number,
  cookie?: string,
): Promise<Load> {
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers under load`);
  return { rps: r.requests.total / r.duration, p99: r.latency.p99, requests: r.requests.total };
}

/** The server's process and its children (the web processes of a cluster). */
const processTree = (pid: number) => [
  pid,
  ...fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
];

/** Resident memory of each process of the server. */
function residentMb(pid: number): { pid: number; mb: number }[] {
  const rss = (p: number) => {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
    return m ? round(Number(m[1]) / 1024) : 0;
  };
  return processTree(pid).map((p) => ({ pid: p, mb: rss(p) }));
}

/** CPU seconds (user + system) the server's processes have used so far (Linux counts in 1/100 s). */
function serverCpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, p) => {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const after = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ').pop()!.split(' ');
    return sum + (Number(after[11]) + Number(after[12])) / 100;
  }, 0);
}

/** CPU seconds used by this process: the load generator (autocannon runs in it). */
const generatorCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Runs `slice` and adds the server's and the load generator's CPU time and the requests answered to `into`. */
async function metered(
  pid: number,
  into: { server: number; generator: number; requests: number },
  slice: () => Promise<Load>,
) {
  const s0 = serverCpuSeconds(pid);
  const g0 = generatorCpuSeconds();
  const r = await slice();
  into.server += serverCpuSeconds(pid) - s0;
  into.generator += generatorCpuSeconds() - g0;
  into.requests += r.requests;
  return r;
}

const signedInCookie = (server: { url: string; dataDir: string }, n: number) =>
  registerLearner(server, {
    name: `Scale Learner ${n}`,
    email: `scale.${n}.${Date.now()}@example.com`,
    phone: `+2547123${String(10_000 + n).slice(-5)}`,
  });

export const benchmark: Benchmark = {
  name: 'scale',
  description: `signed-in pages/s and p99, 1 web process vs one per core; RSS per process around a mixed load`,
  async run({ quick, log }) {
    const cores = os.availableParallelism();
    const slice = quick ? 3 : 10;
    const slices = quick ? 1 : 3;
    const soak = Number(process.env.BENCH_SOAK_SECONDS ?? (quick ? 10 : 300));
    const env = {
      AUTH_LIMIT_PER_IP: '0',
      AUTH_LIMIT_PER_ACCOUNT: '0',
      OTP_SEND_LIMIT_PER_IP: '0',
      JOB_CONCURRENCY: '0',
    };
    log('starting the built server with demo data (one web process)');
    const one = await startBuiltServer({ ...env, WEB_PROCESSES: '1' });
    let many: ChildServer | null = null;
    try {
      log(`starting ${cores} web processes on the same DATA_DIR`);
      many = await spawnServer(BUNDLE, {
        ...env,
        DATA_DIR: one.dataDir,
        DEMO_DATA: 'true',
        WEB_PROCESSES: String(cores),
      });
      const cookies = await Promise.all(Array.from({ length: LEARNERS }, (_, i) => signedInCookie(one, i)));
      const home = await (await fetch(`${one.url}/`)).text();
      const courseId = /\/course\/([0-9A-Za-z_-]+)/.exec(home)?.[1];
      if (!courseId) throw new Error('no course link on the landing page');
      const paths = ['/', `/course/${courseId}`, '/search?q=biashara', '/customer'];

      // Each learner's own session: LEARNERS instances of one connection each, run at once.
      const signedIn = async (url: string, seconds: number) => {
        const runs = await Promise.all(cookies.map((c) => load(url, paths, 1, seconds, c)));
        return {
          rps: runs.reduce((n, r) => n + r.rps, 0),
          p99: Math.max(...runs.map((r) => r.p99)),
          requests: runs.reduce((n, r) => n + r.requests, 0),
        };
      };
      const a: Load[] = [];
      const b: Load[] = [];
      const cpuOne = { server: 0, generator: 0, requests: 0 };
      const cpuMany = { server: 0, generator: 0, requests: 0 };
      for (let i = 0; i < slices; i++) {
        log(`slice ${i + 1}/${slices}: ${LEARNERS} signed-in learners for ${slice} s on 1, then ${cores} processes`);
        a.push(await metered(one.child.pid!, cpuOne, () => signedIn(one.url, slice)));
        const cluster = many;
        b.push(await metered(cluster.child.pid!, cpuMany, () => signedIn(cluster.url, slice)));
      }
      // The load generator runs on the same cores: each request it sends costs CPU the web processes cannot
      // use. With `cores` fully busy, N processes answer at most cores / (server + generator CPU per
      // request), which caps the ratio this machine can show whatever the server does.
      const perRequestMs = (x: { server: number; generator: number; requests: number }) => ({
        server: (x.server * 1000) / x.requests,
        generator: (x.generator * 1000) / x.requests,
      });
      const one1 = perRequestMs(cpuOne);
      const many1 = perRequestMs(cpuMany);
      const ceiling = cores / ((many1.server + many1.generator) / 1000);
      const mean = (xs: Load[]) => xs.reduce((n, x) => n + x.rps, 0) / xs.length;
      const p99 = (xs: Load[]) =>
        percentile(
          xs.map((x) => x.p99),
          50,
        );

      log(`mixed load for ${soak} s on ${cores} processes: ${VISITORS} visitors + ${LEARNERS} signed-in learners`);
      await signedIn(many.url, 2); // warm-up: every process has rendered every page once
      const before = residentMb(many.child.pid!);
      await Promise.all([load(many.url, paths.slice(0, 3), VISITORS, soak), signedIn(many.url, soak)]);
      const after = residentMb(many.child.pid!);

      const figures: Figure[] = [
        compared(
          `signed-in pages/s, ${cores} web processes`,
          mean(b),
          'req/s',
          { label: 'one web process', value: mean(a) },
          { text: '≥ 1.8 × one process on 2 cores', met: (_v, ratio) => ratio >= 1.8 },
        ),
        compared(`signed-in p99, ${cores} web processes`, p99(b), 'ms', { label: 'one web process', value: p99(a) }),
        compared(`server CPU per signed-in page, ${cores} web processes`, many1.server, 'ms', {
          label: 'one web process',
          value: one1.server,
        }),
        { label: 'load generator CPU per page (same cores)', value: round(many1.generator, 3), unit: 'ms' },
        compared(`most pages/s ${cores} cores allow with the generator on them`, ceiling, 'req/s', {
          label: 'one web process, measured',
          value: mean(a),
        }),
        { label: 'mixed-load duration', value: soak, unit: 's' },
      ];
      before.forEach((p, i) => {
        const role = i === 0 ? 'cluster primary' : `web process ${i}`;
        figures.push(
          compared(`RSS after the mixed load, ${role}`, after.find((x) => x.pid === p.pid)?.mb ?? 0, 'MB', {
            label: 'before (after warm-up)',
            value: p.mb,
          }),
        );
      });
      return figures;
    } finally {
      await many?.stop();
      await one.stop();
    }
  },
};
