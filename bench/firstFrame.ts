// Issue 5, benchmark 2: time to first frame in Chromium under Lighthouse's Slow 4G network (DevTools
// throttling values, set through CDP), from pressing Play to the video playing, with a cold
// cache each time: the player code, hls.js, the playlists and the first segment all come over the slow
// network. Measured for a public preview (course page → Preview) and a protected episode (learning page
// of an enrolled learner). Goal: ≤ 2 s. The reference is the same page's own navigation time to load.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startBuiltServer } from './lib/builtServer.ts';
import { signUpByEmail } from './lib/registerLearner.ts';
import { percentile, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

/** Lighthouse's mobile "Slow 4G" as DevTools applies it (150 ms RTT × 3.75, 1.6 Mbit/s × 0.9). */
export const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * Records when Play is pressed and when a video first starts playing (the `playing` event: the first
 * frame is decoded and shown, the usual "video start time" of playback analytics).
 */
const PROBE = () => {
  const w = window as unknown as { __t0?: number; __firstFrame?: number };
  document.addEventListener('click', () => (w.__t0 ??= performance.now()), true);
  document.addEventListener('playing', () => (w.__firstFrame ??= performance.now()), true);
};

export async function throttled(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const context = await browser.newContext({
    ...(storageState ? { storageState } : {}),
    viewport: { width: 412, height: 823 },
  });
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return { context, page };
}

export async function firstFrameAfter(
  page: Page,
  press: () => Promise<void>,
  log?: (m: string) => void,
): Promise<number> {
  await press();
  await page.waitForFunction(() => (window as unknown as { __firstFrame?: number }).__firstFrame !== undefined, null, {
    timeout: 60_000,
  });
  const { ms, steps } = await page.evaluate(() => {
    const w = window as unknown as { __t0: number; __firstFrame: number };
    const steps = performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime >= w.__t0 - 5)
      .map(
        (e) =>
          `${Math.round(e.startTime - w.__t0)}–${Math.round((e as PerformanceResourceTiming).responseEnd - w.__t0)} ms ${e.name.replace(/^https?:\/\/[^/]+/, '').replace(/\/s\/[^/]+\//, '/s/…/')}`,
      );
    return { ms: w.__firstFrame - w.__t0, steps };
  });
  if (log) log(`playing after ${Math.round(ms)} ms; fetched after Play: ${steps.join('; ')}`);
  return ms;
}

export const benchmark: Benchmark = {
  name: 'firstFrame',
  description: 'time to first video frame in Chromium on Slow 4G, public preview and protected episode',
  async run(ctx): Promise<Figure[]> {
    const server = await startBuiltServer({ JOB_CONCURRENCY: '0' });
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
    try {
      const base = server.url;
      const course = async (q: string) => {
        const html = await (await fetch(`${base}/search?q=${encodeURIComponent(q)}`)).text();
        const m = /href="\/course\/([0-9A-Za-z_-]+)"/.exec(html);
        if (!m) throw new Error(`no course found for ${q}`);
        return m[1]!;
      };
      const paid = await course('KCSE Mathematics Revision');
      const free = await course('Home Workouts');

      // An enrolled learner: register, enroll in the free course (no payment), keep the session cookie.
      const setup = await browser.newContext();
      const email = `bench.${Date.now()}@example.com`;
      const headers = { origin: base };
      await signUpByEmail(
        server,
        { name: 'Bench Learner', email, password: 'secret1', phone: '+254 712345678', role: 'customer' },
        async (path, data) => {
          const res = await setup.request.post(`${base}${path}`, { headers, data });
          return new Response(await res.text(), { status: res.status() });
        },
      );
      const r = await setup.request.post(`${base}/api/payments`, {
        headers,
        data: { courseId: free, amount: 0, phone: '+254 712345678', idempotencyKey: `bench${Date.now()}` },
      });
      if (!r.ok()) throw new Error(`enroll: ${r.status()} ${await r.text()}`);
      const learner = await setup.storageState();
      await setup.close();

      const runs = ctx.quick ? 1 : 5;
      const preview: number[] = [];
      const episode: number[] = [];
      for (let i = 0; i < runs; i++) {
        ctx.log(`run ${i + 1}/${runs}`);
        {
          const { context, page } = await throttled(browser);
          await page.goto(`${base}/course/${paid}`, { waitUntil: 'networkidle' });
          preview.push(
            await firstFrameAfter(
              page,
              () => page.getByRole('button', { name: 'Preview' }).click(),
              i === 0 ? ctx.log : undefined,
            ),
          );
          await context.close();
        }
        {
          const { context, page } = await throttled(browser, learner);
          await page.goto(`${base}/learn/${free}/3`, { waitUntil: 'networkidle' });
          episode.push(
            await firstFrameAfter(
              page,
              () => page.getByRole('button', { name: 'Play', exact: true }).click(),
              i === 0 ? ctx.log : undefined,
            ),
          );
          await context.close();
        }
      }
      const figure = (label: string, ms: number[]): Figure => {
        const median = percentile(ms, 50);
        return {
          label: `${label}, median of ${ms.length}`,
          value: round(median / 1000, 2),
          unit: 's',
          goal: '≤ 2 s',
          met: median <= 2000,
        };
      };
      return [
        figure('first frame, public preview (Slow 4G)', preview),
        figure('first frame, protected episode (Slow 4G)', episode),
      ];
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
