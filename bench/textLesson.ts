// Issue 26: a text lesson costs kilobytes where a video costs megabytes. Loads the learning page of a
// ~1,500-word text lesson in Chromium and adds up the bytes over the wire (compressed bodies and headers,
// images left out): the first visit (document, styles, scripts) and the next lesson once the hashed assets
// are in the browser's cache (a client navigation: its data request only). The same-run reference is the
// lesson's own HTML gzipped: what no page showing that text can go below.
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '#tests/support/chromium.ts';
import { BUNDLE, spawnServer } from './lib/builtServer.ts';
import { signUpByEmail } from './lib/registerLearner.ts';
import { compared, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

const GOAL_KB = 30;

const WORDS = (
  'maji uvuguvugu husaidia misuli kupumzika baada ya mazoezi anza polepole pumua kwa kina ongeza muda kidogo ' +
  'kila siku mwili unahitaji siku za pia hivyo panga wiki yako vizuri chakula bora matunda mboga usingizi ' +
  'saa nane nguvu moyo damu afya nyumbani bila gym tatizo hatua kwanza pili tatu rudia mara kumi pumzika'
).split(' ');

/**
 * A lesson as a creator writes one (~1,500 words): headings, paragraphs of varied words (so it compresses
 * like real prose, not like one sentence repeated), lists, links and a picture (not counted).
 */
function lessonMarkdown(): string {
  let seed = 26;
  const word = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return WORDS[seed % WORDS.length]!;
  };
  const sentence = () => {
    const s = Array.from({ length: 8 + (seed % 9) }, word).join(' ');
    return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: 5 }, sentence).join(' ');
  const sections = Array.from({ length: 8 }, (_, i) =>
    [
      `## Sehemu ya ${i + 1}: ${word()} ${word()}`,
      paragraph(),
      `- ${sentence()}\n- ${sentence()}\n- Soma zaidi: [mwongozo](https://example.com/mwongozo/${i})`,
      paragraph(),
      paragraph(),
    ].join('\n\n'),
  );
  return ['# Mazoezi ya asubuhi', '![Picha ya mazoezi](https://example.com/picha.jpg)', ...sections].join('\n\n');
}

/** Bytes over the wire (encoded bodies and headers) of every request but images while `act` runs. */
async function wireBytes(page: Page, act: () => Promise<unknown>): Promise<{ total: number; document: number }> {
  const sizes: Promise<[string, number]>[] = [];
  const onFinished = (req: Request) => {
    if (req.resourceType() === 'image') return;
    sizes.push(req.sizes().then((s) => [req.resourceType(), s.responseBodySize + s.responseHeadersSize]));
  };
  page.on('requestfinished', onFinished);
  await act();
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', onFinished);
  const all = await Promise.all(sizes);
  const sum = (rows: [string, number][]) => rows.reduce((n, [, bytes]) => n + bytes, 0);
  return { total: sum(all), document: sum(all.filter(([type]) => type === 'document')) };
}

export const benchmark: Benchmark = {
  name: 'text-lesson',
  description: "a text lesson's page weight over the wire (images left out) vs its own HTML gzipped",
  async run(ctx): Promise<Figure[]> {
    const server = await spawnServer(BUNDLE, { DEMO_DATA: 'false', JOB_CONCURRENCY: '0' });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    try {
      const base = server.url;
      const headers = { origin: base };
      // Phones first: the page as a learner's phone loads it.
      // No service worker: every byte the page needs comes over the wire, none from the worker's caches.
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        serviceWorkers: 'block',
      });
      await signUpByEmail(
        { url: base, dataDir: server.dataDir },
        {
          name: 'Bench Creator',
          email: `bench.text.${Date.now()}@example.com`,
          password: 'secret1',
          phone: '+254 712345678',
          role: 'creator',
        },
        async (path, data) => {
          const r = await context.request.post(`${base}${path}`, { headers, data });
          return new Response(await r.text(), { status: r.status() });
        },
      );
      const post = async (path: string, data: unknown) => {
        const r = await context.request.post(`${base}/api/studio${path}`, { headers, data });
        if (!r.ok()) throw new Error(`${path}: ${r.status()} ${await r.text()}`);
        return r.json();
      };
      const { id: courseId } = (await post('/courses', {
        title: 'Mazoezi kwa maandishi',
        description: 'A course you read.',
        price: 0,
        category: 'lifestyle',
      })) as { id: string };
      const body = lessonMarkdown();
      for (const title of ['Asubuhi', 'Jioni'])
        await post(`/courses/${courseId}/episodes`, { kind: 'text', title, body });
      // The creator reads their own draft: the same page a learner gets, less the review form.
      const { html } = (await post(`/courses/${courseId}/lesson-preview`, { body })) as { html: string };
      const own = gzipSync(html).length;

      const page = await context.newPage();
      const first = await wireBytes(page, async () => {
        await page.goto(`${base}/learn/${courseId}/1`);
        await page.locator('.text-lesson').waitFor();
      });
      // A client navigation: only its data request goes out; the scripts and styles are in the browser's cache.
      const next = await wireBytes(page, async () => {
        await page.getByRole('link', { name: 'Next episode →' }).first().click();
        await page.getByRole('heading', { level: 1, name: '2. Jioni' }).waitFor();
      });
      ctx.log(`lesson: ${body.length} characters of Markdown, ${html.length} of HTML (${own} gzipped)`);
      ctx.log(`first visit ${first.total} B (document ${first.document} B), next lesson ${next.total} B`);
      const goal = { text: `≤ ${GOAL_KB} KB`, met: (v: number) => v <= GOAL_KB };
      const reference = { label: "the lesson's own HTML, gzipped", value: round(own / 1024, 1) };
      const kb = (bytes: number) => round(bytes / 1024, 1);
      return [
        compared(
          'text lesson, first visit over the wire (document, styles, scripts)',
          kb(first.total),
          'KB',
          reference,
          goal,
        ),
        compared('text lesson, its document alone over the wire', kb(first.document), 'KB', reference, goal),
        compared('text lesson, the next one over the wire (assets cached)', kb(next.total), 'KB', reference, goal),
      ];
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};
