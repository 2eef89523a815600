// Issue 2, benchmark 2: anonymous `/` and a course page under 100 connections (autocannon), against a bare
// node:http server answering the same bytes in the same run. Goal: ≥ 0.5 of the bare server's requests/s.
// Each server is its own process; the load generator runs in this one.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { firstCourseUrl, spawnServer, startBuiltServer } from './lib/builtServer.ts';
import type { RecordedPage } from './lib/bareServer.ts';
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

async function load(url: string, seconds: number) {
  const r = await autocannon({ url, connections: 100, duration: seconds, headers: VISITOR_HEADERS });
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

export const benchmark: Benchmark = {
  name: 'http',
  description: 'anonymous pages at 100 connections vs a bare node:http server with the same bytes',
  async run({ quick, log }) {
    const duration = quick ? 5 : 20;
    const slices = quick ? 1 : 4;
    log('starting the built server with demo data');
    const darasa = await startBuiltServer();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-bench-http-'));
    let bare: Awaited<ReturnType<typeof spawnServer>> | undefined;
    try {
      const paths = ['/', await firstCourseUrl(darasa.url)];
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
        const name = p === '/' ? 'GET /' : 'GET /course/:id';
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
              text: '≥ 0.5 × bare',
              met: (_v, ratio) => ratio >= 0.5,
            },
          ),
          compared(`${name} p99 latency`, ours.p99, 'ms', { label: 'bare node:http', value: ref.p99 }),
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
