// Issue 2, benchmark 1: Lighthouse's mobile profile (simulated Slow 4G, 4× CPU slowdown — its defaults) on
// `/` and a course page of the demo server, in Debian's Chromium, against the budgets of DESIGN.md.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { firstCourseUrl, startBuiltServer } from './lib/builtServer.ts';
import { round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

interface Audit {
  score: number | null;
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] };
}

async function audit(url: string, port: number) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audits = lhr.audits as Record<string, Audit>;
  const items = audits['resource-summary']?.details?.items ?? [];
  const transfer = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const scripts = (audits['network-requests']?.details?.items ?? [])
    .filter((i) => i.resourceType === 'Script')
    .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
    .slice(0, 3)
    .map((i) => `${new URL(i.url ?? '', url).pathname} ${round((i.transferSize ?? 0) / 1024, 1)} KB`);
  return {
    scripts,
    score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    total: transfer('total'),
    js: transfer('script'),
  };
}

export const benchmark: Benchmark = {
  name: 'lighthouse',
  description: "Lighthouse mobile profile (Slow 4G, 4× CPU) on / and a course page, against DESIGN.md's budgets",
  async run({ log }) {
    log('starting the built server with demo data');
    const server = await startBuiltServer();
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
    try {
      const pages: [string, string][] = [
        ['/', '/'],
        ['course page', await firstCourseUrl(server.url)],
      ];
      const figures: Figure[] = [];
      for (const [name, p] of pages) {
        log(`auditing ${p}`);
        const r = await audit(server.url + p, chrome.port);
        log(`largest scripts: ${r.scripts.join(', ')}`);
        figures.push(
          { label: `${name} performance score`, value: r.score, unit: '/100', goal: '≥ 95', met: r.score >= 95 },
          { label: `${name} LCP`, value: round(r.lcp / 1000, 2), unit: 's', goal: '≤ 2.0 s', met: r.lcp <= 2000 },
          { label: `${name} CLS`, value: round(r.cls, 3), unit: '', goal: '≤ 0.05', met: r.cls <= 0.05 },
          { label: `${name} total transfer`, value: round(r.total / 1024, 1), unit: 'KB' },
          { label: `${name} JavaScript transfer`, value: round(r.js / 1024, 1), unit: 'KB', goal: '≤ 100 KB', met: r.js <= 100 * 1024 },
        );
      }
      return figures;
    } finally {
      chrome.kill();
      await server.stop();
    }
  },
};
