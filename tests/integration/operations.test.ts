// What an operator relies on: readiness apart from liveness, request ids echoed back, /metrics in
// Prometheus text for a local scraper (or a token holder) and nobody else, labelled by route pattern.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from '#tests/support/testApp.ts';
import { signedIn } from '#tests/support/signedIn.ts';
import { tusCreate, tusPatch } from '#tests/support/tus.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
const TOKEN = 'metrics-token-for-the-scraper-0123';
beforeAll(async () => {
  app = await startApp(cleanups, { METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const metricLine = (text: string, prefix: string) => text.split('\n').find((l) => l.startsWith(prefix));

describe('/readyz', () => {
  it('answers ready while migrations are done and the database answers', async () => {
    const res = await fetch(`${app.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });
});

describe('request ids', () => {
  it('echoes a sane incoming X-Request-Id', async () => {
    const res = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': 'edge-7f3a:42' } });
    expect(res.headers.get('x-request-id')).toBe('edge-7f3a:42');
  });

  it('replaces an id that could forge log fields or is too long, and makes one when none is sent', async () => {
    for (const bad of ['has space', '"quoted"', 'x'.repeat(129)]) {
      const res = await fetch(`${app.url}/healthz`, { headers: { 'x-request-id': bad } });
      const id = res.headers.get('x-request-id');
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const res = await fetch(`${app.url}/healthz`);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('/metrics', () => {
  it('serves Prometheus text to a scraper on this machine, with latency per route pattern, never per URL', async () => {
    await fetch(`${app.url}/api/uploads/SECRETUPLOADID123`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
    const res = await fetch(`${app.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('# TYPE darasa_http_request_duration_seconds histogram');
    expect(text).toMatch(/darasa_http_request_duration_seconds_count\{method="HEAD",route="\/api\/uploads\/:uploadId"/);
    expect(text).not.toContain('SECRETUPLOADID123');
    expect(text).toContain('# TYPE darasa_job_queue_depth gauge');
    expect(text).toContain('# TYPE darasa_job_queue_oldest_age_seconds gauge');
    expect(text).toContain('# TYPE darasa_payments gauge');
    expect(text).toContain('darasa_page_cache_hits_total');
    expect(text).toContain('darasa_page_cache_misses_total');
  });

  it('counts the upload bytes stored', async () => {
    const creator = await signedIn(app, 'creator');
    const bytes = new Uint8Array(3000).fill(7);
    const created = await tusCreate(creator, { kind: 'video', filename: 'a.mp4' }, 10_000);
    expect(created.status).toBe(201);
    const before = await (await fetch(`${app.url}/metrics`)).text();
    const count = (t: string) => Number(metricLine(t, 'darasa_upload_bytes_total ')?.split(' ')[1]);
    expect((await tusPatch(creator, created.headers.get('location')!, 0, bytes)).status).toBe(204);
    const after = await (await fetch(`${app.url}/metrics`)).text();
    expect(count(after) - count(before)).toBe(3000);
  });

  it('is hidden from requests a reverse proxy forwarded, and from a wrong token', async () => {
    const forwarded: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer not-the-metrics-token-at-all' },
    ];
    for (const headers of forwarded) {
      const res = await fetch(`${app.url}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('darasa_');
    }
  });

  it('is readable from anywhere with the METRICS_TOKEN bearer', async () => {
    const res = await fetch(`${app.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('darasa_http_request_duration_seconds');
  });
});
