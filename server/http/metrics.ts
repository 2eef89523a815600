// The process's Prometheus metrics (/metrics, decision 0029). One registry per server, not prom-client's
// global one: tests and benchmarks start several servers in one process. Queue depth and payments by
// state are read from the database when scraped (they are shared by every process, so any process's
// answer is the whole truth); request latency, upload bytes and page-cache hits are this process's own
// counters, which Prometheus sums over the processes it scrapes.
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/connect.ts';
import { toIso, toNum } from '../db/values.ts';
import type { PageCache } from './pageCache.ts';

export interface Metrics {
  registry: Registry;
  /** One answered request; `route` is a route pattern (`/course/:id`), never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  uploadBytes(n: number): void;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createMetrics(database: Database, pageCache: PageCache): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'darasa_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const uploads = new Counter({
    name: 'darasa_upload_bytes_total',
    help: 'Upload bytes received and stored (tus PATCH bodies)',
    registers: [registry],
  });
  new Counter({
    name: 'darasa_page_cache_hits_total',
    help: 'Anonymous page requests answered from the page cache',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(pageCache.hits);
    },
  });
  new Counter({
    name: 'darasa_page_cache_misses_total',
    help: 'Cacheable anonymous page requests that had to be rendered',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(pageCache.misses);
    },
  });
  // Both queue gauges come from one query per scrape (prom-client collects metrics concurrently).
  let queueQuery: Promise<{ type: string; n: unknown; since: unknown }[]> | null = null;
  const queue = () =>
    (queueQuery ??= database.db
      .selectFrom('job')
      .select(['type', sql<unknown>`count(*)`.as('n'), sql<unknown>`min(${sql.ref('createdAt')})`.as('since')])
      .where('status', '=', 'queued')
      .groupBy('type')
      .execute()
      .finally(() => {
        queueQuery = null;
      }));
  new Gauge({
    name: 'darasa_job_queue_depth',
    help: 'Jobs waiting to run, by job type',
    labelNames: ['type'],
    registers: [registry],
    async collect() {
      const rows = await queue();
      this.reset();
      for (const r of rows) this.set({ type: r.type }, toNum(r.n));
    },
  });
  new Gauge({
    name: 'darasa_job_queue_oldest_age_seconds',
    help: 'Age of the oldest job waiting to run, by job type',
    labelNames: ['type'],
    registers: [registry],
    async collect() {
      const rows = await queue();
      this.reset();
      const now = Date.now();
      for (const r of rows) this.set({ type: r.type }, Math.max(0, (now - Date.parse(toIso(r.since))) / 1000));
    },
  });
  new Gauge({
    name: 'darasa_payments',
    help: 'Payments by state',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const rows = await database.db
        .selectFrom('payment')
        .select(['status', sql<number>`count(*)`.as('n')])
        .groupBy('status')
        .execute();
      this.reset();
      for (const r of rows) this.set({ state: r.status }, toNum(r.n));
    },
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      latency.observe({ method: METHODS.has(method) ? method : 'other', route, status: String(status) }, seconds);
    },
    uploadBytes: (n) => uploads.inc(n),
  };
}
