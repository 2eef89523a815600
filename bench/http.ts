// Issues 2 and 24: cached anonymous pages (`/`, a course, a category and a creator page) under 100
// connections (autocannon), against a bare node:http server answering the same bytes in the same run.
// Goal: ≥ 0.9 of the bare server's requests/s. Then pages a signed-in learner gets (rendered every time:
// `/`, the course page, `/customer`) at 10 connections, beside the anonymous cached `/` at the same 10.
// Each server is its own process; the load generator runs in this one.
// BENCH_GUARD=1 (CI's guard): only `/` and the course page, short, and no signed-in pages.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { firstCourseUrl, spawnServer, startBuiltServer } from './lib/builtServer.ts';
import type { RecordedPage } from './lib/bareServer.ts';
import { registerLearner } from './lib/registerLearner.ts';
import { compared, percentile } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

/** What a phone's browser sends for a page. */
const VISITOR_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
};

/** Set per connection by each server itself. */
const HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The raw bytes of a response, still compressed (fetch would decompress them). */
function record(url: string): Promise<RecordedPage> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: VISITOR_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string' && !HOP.has(k)) headers[k] = v;
          resolve({ status: res.statusCode ?? 0, headers, bodyBase64: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

async function load(url: string, seconds: number, connections = 100, cookie?: string) {
  const headers = cookie ? { ...VISITOR_HEADERS, cookie } : VISITOR_HEADERS;
  const r = await autocannon({ url, connections, duration: seconds, headers });
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers under load`);
  return { requests: r.requests.total, seconds, p99: r.latency.p99 };
}

/**
 * Loads both servers in alternating slices (Darasa, bare, Darasa, bare…) so that a change in background
 * load on a shared machine weighs on both alike. requests/s over all slices, p99 the median of the slices'.
 */
async function compare(ours: string, reference: string, seconds: number, slices: number) {
  const a: Awaited<ReturnType<typeof load>>[] = [];
  const b: typeof a = [];
  for (let i = 0; i < slices; i++) {
    a.push(await load(ours, seconds / slices));
    b.push(await load(reference, seconds / slices));
  }
  const sum = (runs: typeof a) => ({
    rps: runs.reduce((n, r) => n + r.requests, 0) / runs.reduce((n, r) => n + r.seconds, 0),
    p99: percentile(
      runs.map((r) => r.p99),
      50,
    ),
  });
  return { ours: sum(a), ref: sum(b) };
}

/** A link of the page's HTML matching `pattern` (its first group), e.g. a category or creator page. */
async function linkOn(url: string, pattern: RegExp): Promise<string | undefined> {
  const html = await (await fetch(url)).text();
  return pattern.exec(html)?.[1];
}

const NAMES: [RegExp, string][] = [
  [/^\/$/, 'GET /'],
  [/^\/course\//, 'GET /course/:id'],
  [/^\/category\//, 'GET /category/:slug'],
  [/^\/creators\//, 'GET /creators/:id'],
];
const nameOf = (p: string) => NAMES.find(([re]) => re.test(p))?.[1] ?? `GET ${p}`;

/** The goal of issue 24, and CI's guard: half of it. */
export const HTTP_GOAL = 0.9;

export const benchmark: Benchmark = {
  name: 'http',
  description:
    'cached anonymous pages at 100 connections vs a bare node:http server with the same bytes; signed-in pages',
  async run({ quick, guard, log }) {
    const duration = guard ? 3 : quick ? 5 : 20;
    const slices = quick ? 1 : 4;
    log('starting the built server with demo data');
    const darasa = await startBuiltServer();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-bench-http-'));
    let bare: Awaited<ReturnType<typeof spawnServer>> | undefined;
    try {
      const course = await firstCourseUrl(darasa.url);
      const paths = ['/', course];
      if (!guard) {
        const category = await linkOn(darasa.url + course, /href="(\/category\/[a-z-]+)"/);
        const creator = await linkOn(darasa.url + course, /href="(\/creators\/[0-9A-Za-z_-]+)"/);
        if (!category || !creator) throw new Error('no category or creator link on the course page');
        paths.push(category, creator);
      }
      const pages: Record<string, RecordedPage> = {};
      for (const p of paths) {
        await record(darasa.url + p); // fills the page cache
        const page = await record(darasa.url + p);
        if (page.status !== 200) throw new Error(`${p} answered ${page.status}`);
        if (page.headers['x-cache'] !== 'hit') throw new Error(`${p} was not served from the page cache`);
        pages[p] = page;
        log(
          `${p}: ${Buffer.from(page.bodyBase64, 'base64').length} bytes (${page.headers['content-encoding'] ?? 'identity'})`,
        );
      }
      const file = path.join(tmp, 'pages.json');
      fs.writeFileSync(file, JSON.stringify(pages));
      bare = await spawnServer(path.resolve('bench/lib/bareServer.ts'), {}, { args: [file], timeoutMs: 10_000 });

      const figures: Figure[] = [];
      for (const p of paths) {
        const name = nameOf(p);
        log(`${name}: ${duration} s on each server, in ${slices} alternating slices`);
        const { ours, ref } = await compare(darasa.url + p, bare.url + p, duration, slices);
        const after = await record(darasa.url + p);
        if (after.headers['x-cache'] !== 'hit') throw new Error(`${p} left the page cache during the run`);
        figures.push(
          compared(
            `${name} requests/s`,
            ours.rps,
            'req/s',
            { label: 'bare node:http', value: ref.rps },
            {
              text: `≥ ${HTTP_GOAL} × bare`,
              met: (_v, ratio) => ratio >= HTTP_GOAL,
            },
            HTTP_GOAL / 2,
          ),
          compared(`${name} p99 latency`, ours.p99, 'ms', { label: 'bare node:http', value: ref.p99 }),
        );
      }
      if (guard) return figures;

      // A signed-in learner: every page rendered for them (no cache), at 10 connections on one session.
      const seconds = quick ? 3 : 10;
      const cookie = await registerLearner(darasa, {
        name: 'Bench Learner',
        email: `bench.http.${Date.now()}@example.com`,
        phone: '+254 712000111',
      });
      const anon = await load(`${darasa.url}/`, seconds, 10);
      for (const p of ['/', course, '/customer']) {
        const check = await fetch(darasa.url + p, { headers: { cookie } });
        if (check.status !== 200 || check.headers.get('x-cache')) throw new Error(`${p} signed in: ${check.status}`);
        log(`signed-in learner ${nameOf(p)}: ${seconds} s at 10 connections`);
        const r = await load(darasa.url + p, seconds, 10, cookie);
        const name = `signed-in learner ${nameOf(p)}`;
        figures.push(
          compared(`${name} pages/s`, r.requests / r.seconds, 'pages/s', {
            label: 'anonymous cached GET / at 10 connections',
            value: anon.requests / anon.seconds,
          }),
          compared(`${name} p99 latency`, r.p99, 'ms', {
            label: 'anonymous cached GET / at 10 connections',
            value: anon.p99,
          }),
        );
      }
      return figures;
    } finally {
      await bare?.stop();
      await darasa.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  },
};
