// Issue 12: downloading episodes for offline viewing in Chromium. (1) Throughput of "Download all" at 240p
// (fetch every file, store it in Cache Storage, keep the episode pages) against fetching the same files
// with plain `fetch` from a page of the same server in the same run, three at a time like the downloader;
// (2) the bytes stored per hour of 240p, measured on the stored copies, beside the 240p rung's nominal
// bitrate from the master playlist.
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/support/chromium.ts';
import { BUNDLE, spawnServer } from './lib/builtServer.ts';
import { signUpByEmail } from './lib/registerLearner.ts';
import { percentile, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

interface Manifest {
  assetId: string;
  base: string;
  episode: { duration: number };
  options: { quality: string; bytes: number; master: string; files: { path: string }[] }[];
}

export const benchmark: Benchmark = {
  name: 'offline',
  description: 'offline download throughput vs plain fetch of the same files; bytes stored per hour of 240p',
  async run(ctx): Promise<Figure[]> {
    // Demo seeding makes its clips with ffmpeg: on a shared machine that can take several minutes.
    const server = await spawnServer(BUNDLE, { DEMO_DATA: 'true', JOB_CONCURRENCY: '0' }, { timeoutMs: 600_000 });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const base = server.url;
      const html = await (await fetch(`${base}/search?q=${encodeURIComponent('Home Workouts')}`)).text();
      const courseId = /href="\/course\/([0-9A-Za-z_-]+)"/.exec(html)?.[1];
      if (!courseId) throw new Error('demo course not found');
      const runs = ctx.quick ? 1 : 3;
      const ours: number[] = [];
      const plain: number[] = [];
      let bytes = 0;
      let seconds = 0;
      let nominal = 0;
      for (let i = 0; i < runs; i++) {
        // A fresh learner (fresh browser storage) each run, enrolled in the free demo course.
        const context = await learnerContext(browser.newContext.bind(browser), base, server.dataDir, courseId);
        const page = await context.newPage();
        await page.goto(`${base}/course/${courseId}`);
        await page.evaluate(() => navigator.serviceWorker.ready);
        await page.reload();
        const episodes = await page.locator('.episode').count();
        const t0 = Date.now();
        await page.getByRole('button', { name: 'Download all' }).click();
        await page.getByRole('dialog').getByRole('button', { name: /^240p/ }).click();
        await page
          .getByText(/Downloaded • 240p/)
          .nth(episodes - 1)
          .waitFor({ timeout: 120_000 });
        const oursMs = Date.now() - t0;
        // What was stored: the metas the downloader wrote.
        const stored = await page.evaluate(async () => {
          const key = document.cookie.match(/darasa_u=([^;]+)/)?.[1];
          const cache = await caches.open(`darasa-dl-${key}`);
          const metas = [];
          for (const r of await cache.keys())
            if (r.url.endsWith('/meta.json')) metas.push(await (await cache.match(r))!.json());
          return metas as { bytes: number; duration: number; episodeId: string }[];
        });
        const storedBytes = stored.reduce((s, m) => s + m.bytes, 0);
        // The same files with plain fetch, three at a time, bodies read in full, from a page of the same server.
        const plainMs = await page.evaluate(
          async (episodeIds) => {
            const urls: string[] = [];
            for (const id of episodeIds) {
              const m = (await (await fetch(`/api/offline/episodes/${id}`)).json()) as Manifest;
              const o = m.options.find((x) => x.quality === '240p')!;
              for (const f of o.files) urls.push(`${m.base}/${f.path}?ref=${Math.random()}`);
            }
            const t = performance.now();
            const queue = [...urls];
            await Promise.all(
              [0, 1, 2].map(async () => {
                for (let u = queue.shift(); u; u = queue.shift())
                  await (await fetch(u, { cache: 'no-store' })).arrayBuffer();
              }),
            );
            return performance.now() - t;
          },
          stored.map((m) => m.episodeId),
        );
        ours.push((storedBytes / oursMs) * 1000);
        plain.push((storedBytes / plainMs) * 1000);
        bytes = storedBytes;
        seconds = stored.reduce((s, m) => s + m.duration, 0);
        const first = (await page.evaluate(
          (id) => fetch(`/api/offline/episodes/${id}`).then((r) => r.json()),
          stored[0]!.episodeId,
        )) as Manifest;
        nominal = Number(/BANDWIDTH=(\d+)/.exec(first.options.find((o) => o.quality === '240p')!.master)?.[1] ?? 0);
        ctx.log(
          `run ${i + 1}: ${stored.length} episodes, ${bytes} bytes; download all ${oursMs} ms, plain fetch ${Math.round(plainMs)} ms`,
        );
        await context.close();
      }
      const oursMedian = percentile(ours, 50);
      const plainMedian = percentile(plain, 50);
      const perHour = (bytes / seconds) * 3600;
      const nominalPerHour = (nominal / 8) * 3600;
      return [
        {
          label: `"Download all" at 240p, throughput (median of ${runs}; includes keeping the pages)`,
          value: round(oursMedian / 1e6, 2),
          unit: 'MB/s',
          reference: { label: 'plain fetch of the same files, 3 at a time', value: round(plainMedian / 1e6, 2) },
          ratio: round(oursMedian / plainMedian, 2),
        },
        {
          label: 'bytes stored per hour of 240p (demo clips)',
          value: round(perHour / 1e6, 1),
          unit: 'MB/h',
          reference: {
            label: "240p rung's nominal bandwidth (master playlist)",
            value: round(nominalPerHour / 1e6, 1),
          },
          ratio: round(perHour / nominalPerHour, 2),
        },
      ];
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};

/** A new browser context signed in as a new learner enrolled in the (free) course. */
async function learnerContext(
  newContext: () => Promise<BrowserContext>,
  base: string,
  dataDir: string,
  courseId: string,
): Promise<BrowserContext> {
  const context = await newContext();
  const headers = { origin: base };
  const email = `bench.offline.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  await signUpByEmail(
    { url: base, dataDir },
    { name: 'Bench Learner', email, password: 'secret1', phone: '+254 712345678', role: 'customer' },
    async (path, data) => {
      const r = await context.request.post(`${base}${path}`, { headers, data });
      return new Response(await r.text(), { status: r.status() });
    },
  );
  const r = await context.request.post(`${base}/api/payments`, {
    headers,
    data: {
      courseId,
      amount: 0,
      phone: '+254 712345678',
      idempotencyKey: `bench${Date.now()}${Math.random().toString(36).slice(2, 8)}`,
    },
  });
  if (!r.ok()) throw new Error(`enroll: ${r.status()} ${await r.text()}`);
  return context;
}
