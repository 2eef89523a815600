// Layouts that hold on small phones (issue 25): the learner's and the creator's main pages at 320, 360 and
// 390 px wide (DPR 3, touch), in English and Kiswahili: no page scrolls sideways, the top bar keeps to one
// line, no card is wider than its grid column or cuts its own words, the analytics periods are all on screen
// and the statement shows each line's fee and net. Screenshots land in test-results/layouts/ to be looked at.
import { type Browser, type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { FREE_COURSE, enrollInFreeCourse, openCourse } from '#tests/e2e/courses.ts';
import { hydrated } from '#tests/e2e/hydration.ts';
import { registerLearner, signIn } from '#tests/e2e/people.ts';
import { DEMO_COURSES, DEMO_CREATORS } from '#server/seed/demoCatalog.ts';
import { LANG_COOKIE } from '#common/i18n/uiLocale.ts';

const SIZES = [
  { width: 320, height: 640 },
  { width: 360, height: 740 },
  { width: 390, height: 844 },
];
// pseudo: English made ~40 % longer (decision 0030), for words longer than either language's.
const LANGUAGES = ['en', 'sw', 'pseudo'] as const;
type Language = (typeof LANGUAGES)[number];

const phone = (viewport: { width: number; height: number }): BrowserContextOptions => ({
  viewport,
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
});

/** A paid course of the demo creator who signs in below, so her statement has a sale with a fee. */
const SOLD = DEMO_COURSES.find((c) => c.creator === 'wanjiru' && c.price > 0)!;

/** What sticks out on the page: the page itself, a grid cell wider than its column, a card cutting its words. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) found.push(`page ${doc.scrollWidth} > ${window.innerWidth}`);
    // The top bar keeps the logo and its buttons on one line (a second line eats a small screen's height).
    const logo = document.querySelector('.topbar .logo')?.getBoundingClientRect();
    const actions = document.querySelector('.topbar-actions')?.getBoundingClientRect();
    if (logo && actions && actions.top >= logo.bottom) found.push('.topbar-actions wrapped under the logo');
    for (const grid of document.querySelectorAll('.grid, .stat-grid, .studio-totals, .earnings-totals')) {
      const area = grid.getBoundingClientRect();
      const cells = [...grid.children].map((cell) => ({ cell, box: cell.getBoundingClientRect() }));
      for (const [i, { cell, box }] of cells.entries()) {
        // A cell wider than its column spills over the grid's edge or onto its neighbour.
        if (box.left < area.left - 0.5 || box.right > area.right + 0.5) found.push(`${name(cell)} out of its grid`);
        for (const other of cells.slice(i + 1)) {
          const o = other.box;
          const overlapX = Math.min(box.right, o.right) - Math.max(box.left, o.left);
          const overlapY = Math.min(box.bottom, o.bottom) - Math.max(box.top, o.top);
          if (overlapX > 0.5 && overlapY > 0.5) found.push(`${name(cell)} overlaps ${name(other.cell)}`);
        }
        // Anything inside the cell (a button, a badge) reaching out of it.
        for (const part of cell.querySelectorAll('*')) {
          const p = part.getBoundingClientRect();
          if (p.width && (p.left < box.left - 0.5 || p.right > box.right + 0.5))
            found.push(`${name(part)} out of ${name(cell)}`);
        }
      }
    }
    // Words cut inside a card or a row of tabs (they hide or scroll away what overflows them).
    const clipping = '.card-meta, .card-body, .owned-card .btn, .card-purchase .btn, .tabs, .period-nav';
    for (const el of document.querySelectorAll(clipping)) {
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${name(el)} cuts its content`);
    }
    return found;
  });
}

/** Checks a page; photographs its first screen and, with `focus`, the screen where that part begins. */
async function checkPage(page: Page, path: string, shot: string, focus?: string) {
  await page.goto(path);
  await hydrated(page);
  expect(await overflows(page), `${path} at ${page.viewportSize()?.width} px`).toEqual([]);
  await page.screenshot({ path: `test-results/layouts/${shot}.png` });
  if (focus) {
    await page
      .locator(focus)
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `test-results/layouts/${shot}-part.png` });
  }
}

/**
 * A phone of the given width, signed in with `state`, in `language`: the person's own setting, or for the
 * pseudo-locale its cookie (a layout tool that overrides the setting).
 */
async function phoneAs(browser: Browser, width: (typeof SIZES)[number], state: string, language: Language) {
  const context = await browser.newContext({ ...phone(width), storageState: JSON.parse(state) });
  const page = await context.newPage();
  await page.goto('/');
  if (language === 'pseudo') {
    await context.addCookies([{ name: LANG_COOKIE, value: 'pseudo', url: new URL(page.url()).origin }]);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    return page;
  }
  await setLanguage(page, language);
  return page;
}

/** The signed-in person's language, as the top bar's switch sets it (on the account too). */
async function setLanguage(page: Page, language: 'en' | 'sw') {
  const res = await page.request.post('/language', {
    form: { locale: language, redirectTo: '/' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.ok()).toBe(true);
}

/** A page to check: its path, the screenshot's name, and optionally the part to photograph as well. */
type PageToCheck = [path: string, shot: string, focus?: string];

/**
 * Every phone size in `language`, as the person signed in on `setup` (closed here): each page checked and
 * photographed, then `more` on the same phone.
 */
async function onEveryPhone(
  browser: Browser,
  setup: Page,
  language: Language,
  pages: PageToCheck[],
  more: (page: Page) => Promise<void>,
) {
  const state = JSON.stringify(await setup.context().storageState());
  await setup.context().close();
  for (const size of SIZES) {
    const page = await phoneAs(browser, size, state, language);
    for (const [path, shot, focus] of pages) await checkPage(page, path, `${shot}-${size.width}-${language}`, focus);
    await more(page);
    // The switch saves the language on the account: a demo creator left in Kiswahili would greet the
    // specs after this one (payouts, studio) in Kiswahili. Put back the English they expect.
    if (language !== 'en') await setLanguage(page, 'en');
    await page.context().close();
  }
}

test.describe('small phones', () => {
  // 6 phones × several pages, each hydrated and photographed.
  test.describe.configure({ timeout: 240_000 });

  // One test per language: each is a few minutes of pages on a slow machine, and they run side by side.
  for (const language of LANGUAGES) {
    test(`a learner’s pages hold from 320 px (${language})`, async ({ browser }) => {
      const setup = await browser.newPage();
      await registerLearner(setup);
      const courseId = await enrollInFreeCourse(setup);
      const pages: PageToCheck[] = [
        ['/customer', 'customer', '.grid'],
        ['/customer?tab=featured', 'customer-featured'],
        ['/customer?tab=mine', 'my-courses', '.grid'],
        ['/customer/purchases', 'purchases'],
        ['/', 'home'],
        [`/search?q=${encodeURIComponent(FREE_COURSE)}`, 'search'],
        [`/course/${courseId}`, 'course'],
        ['/account', 'account'],
      ];
      await onEveryPhone(browser, setup, language, pages, async (page) => {
        // My Courses: "Continue watching" whole across the screen, nothing of it off the side.
        await page.goto('/customer?tab=mine');
        const box = await page.locator('.owned-card .btn-primary').boundingBox();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      });
    });

    test(`a creator’s pages hold from 320 px; every analytics period and the statement’s fee and net are on screen (${language})`, async ({
      browser,
    }) => {
      // A sale of the demo creator's course, so her statement has a line with a fee.
      const buyer = await browser.newPage();
      await registerLearner(buyer);
      await openCourse(buyer, SOLD.title);
      await hydrated(buyer);
      await buyer.locator('.hero-actions button.btn-primary').click();
      const dialog = buyer.getByRole('dialog');
      await dialog.getByLabel('M-Pesa phone number').fill('0708 374 149');
      await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
      await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
      const soldId = new URL(buyer.url()).pathname.split('/').pop()!;
      await buyer.context().close();

      const setup = await browser.newPage();
      await signIn(setup, DEMO_CREATORS.wanjiru.email);
      const pages: PageToCheck[] = [
        ['/creator', 'creator', '.studio-courses'],
        ['/creator/earnings', 'earnings'],
        ['/creator/earnings/statement', 'statement', '.statement-table'],
        [`/creator/course/${soldId}`, 'course-editor'],
        [`/creator/course/${soldId}/analytics`, 'analytics'],
      ];
      await onEveryPhone(browser, setup, language, pages, async (page) => {
        await page.goto(`/creator/course/${soldId}/analytics`);
        const periods = page.locator('.period-nav a');
        await expect(periods).toHaveCount(4);
        for (const period of await periods.all()) await expect(period).toBeInViewport({ ratio: 1 });

        await page.goto('/creator/earnings/statement');
        const sale = page.locator('.statement-table tbody tr').filter({ hasText: SOLD.title }).first();
        await sale.scrollIntoViewIfNeeded();
        await expect(sale.locator('td.fee')).toBeInViewport({ ratio: 1 });
        await expect(sale.locator('td.net')).toBeInViewport({ ratio: 1 });
        // Each figure under its column's name (the table's header is out of sight on a phone).
        const label = await sale.locator('td.fee').evaluate((td) => getComputedStyle(td, '::before').content);
        await expect(sale.locator('td.description')).toHaveText(SOLD.title);
        if (language === 'pseudo') return; // its words are English made longer, not words to check
        expect(label).toBe(language === 'sw' ? '"Ada"' : '"Fee"');
        // What the line is, in the page's language; what it is about, the course's own title.
        await expect(sale.locator('td.kind')).toHaveText(language === 'sw' ? 'Mauzo' : 'Sale');
      });
    });
  }
});
