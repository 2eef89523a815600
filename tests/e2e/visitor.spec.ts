// A visitor's journeys through the public screens, in Chromium against the built server with demo data.
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from '#tests/e2e/hydration.ts';
import { registerLearner } from '#tests/e2e/people.ts';
import { playingPast } from '#tests/e2e/playback.ts';
import { expectNoSidewaysScroll } from '#tests/e2e/screens.ts';
import { DEMO_COURSES } from '#server/seed/demoCatalog.ts';

// Other specs share the demo server and add courses (which then lead the landing page) or change some:
// the course journeys use the newest demo course, found by its title, whatever ran before.
const DEMO = DEMO_COURSES.at(-1)!;

/** Opens the demo course (trailer, 3+ episodes) from its card on the landing page. */
async function openDemoCourse(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: DEMO.title }).first().click();
  await expect(page).toHaveURL(/\/course\/[0-9A-Za-z_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO.title })).toBeVisible();
  return new URL(page.url()).pathname;
}

test('landing page: hero, rows of cards, and a card leads to its course', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region').filter({ hasText: 'FEATURED' });
  await expect(hero.getByText(/^KES [\d,]+$/)).toBeVisible();
  await expect(hero.getByRole('link', { name: 'View Course' })).toBeVisible();
  await expect(hero.getByRole('button', { name: 'My List' })).toHaveAttribute('aria-pressed', 'false');
  for (const row of ['Trending Now', 'Popular on Darasa', 'New Releases', 'Business', 'Technology']) {
    await expect(page.getByRole('heading', { level: 2, name: row })).toBeVisible();
  }
  // The hero is the newest published course: the first of "New Releases".
  const newest = page.getByRole('region', { name: 'New Releases' });
  const card = newest.getByRole('link').first();
  const cardTitle = (await card.getByRole('heading').textContent())!;
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(cardTitle);
  await card.click();
  await expect(page).toHaveURL(/\/course\//);
  await expect(page.getByRole('heading', { level: 1, name: cardTitle })).toBeVisible();
});

test('landing hero plays the first episode in place, and pauses', async ({ page }) => {
  await page.goto('/');
  const hero = page.getByRole('region').filter({ hasText: 'FEATURED' });
  await hero.getByRole('button', { name: 'Play', exact: true }).click();
  const video = hero.locator('video');
  await playingPast(video, 0.5);
  await hero.getByRole('button', { name: 'Pause', exact: true }).first().click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(hero.getByRole('button', { name: 'Play', exact: true }).first()).toBeVisible();
});

test('course page: facts, trailer, episode 1 preview in a modal, locked episodes', async ({ page }) => {
  await openDemoCourse(page);
  await expect(page.getByRole('link', { name: /Back/ })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByText('One-time payment • Lifetime access')).toBeVisible();
  await expect(page.getByText(/\d+ students?/)).toBeVisible();
  await expect(page.getByText(/\d+ episodes?/)).toBeVisible();
  await expect(page.locator('.course-facts').getByText(/^(\d+ h )?\d+ min$/)).toBeVisible();
  // What the creator said the course teaches and needs, as written.
  const learn = page.getByRole('region', { name: 'What you will learn' });
  await expect(learn.getByRole('listitem')).toHaveText(DEMO.outcomes!);
  await expect(page.getByRole('region', { name: 'Requirements' }).getByRole('listitem')).toHaveText(DEMO.requirements!);

  // The trailer plays in the hero, and the toggle pauses it.
  await page.getByRole('button', { name: 'Play Trailer' }).click();
  const trailer = page.locator('.course-hero video');
  await playingPast(trailer, 0.5);
  await page.getByRole('button', { name: 'Pause Trailer' }).click();
  await expect.poll(() => trailer.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

  // Episode 1 previews in a modal; every other episode is locked.
  const episodes = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  const count = await episodes.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expect(page.getByText('Locked', { exact: false })).toHaveCount(count - 1);
  await expect(page.getByRole('button', { name: 'Preview' })).toHaveCount(1);
  await episodes.first().getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Purchase Full Course' })).toBeVisible();
  await playingPast(dialog.locator('video'), 0.5);

  // Keyboard: K pauses, M mutes, ↓ lowers the volume by one step.
  await dialog.getByRole('group', { name: /Video player/ }).focus();
  await page.keyboard.press('k');
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.volume)).toBe(0.9);
  await page.keyboard.press('m');
  await expect(dialog.getByRole('button', { name: 'Unmute' })).toBeVisible();

  // Escape closes the preview; so does "Close Preview".
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Close Preview' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('the preview modal keeps keyboard focus inside', async ({ page }) => {
  await openDemoCourse(page);
  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    const inside = await page.evaluate(() => {
      const a = document.activeElement;
      return !a || a === document.body || !!a.closest('dialog');
    });
    expect(inside).toBe(true);
  }
});

test('"Loading course..." shows while a course page loads after a click', async ({ page }) => {
  await page.goto('/');
  await hydrated(page); // before it, a tap is a plain link: the server-rendered page, no loading state
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // On the context, not the page: once the offline service worker controls the page, it makes the .data
  // request itself (network first), and page.route never sees a service worker's requests.
  await page.context().route(/\/course\/[^/]+\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('region', { name: 'Trending Now' }).getByRole('link').first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading course...' })).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/course\//);
  await expect(page.getByText('Loading course...')).toBeHidden();
  await expect(page.getByText('One-time payment • Lifetime access')).toBeVisible();
});

test('My List: toggled on a course page, kept across a reload, shown as a row', async ({ page }) => {
  const path = await openDemoCourse(page);
  const toggle = page.getByRole('button', { name: 'My List' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'My List' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/');
  const row = page.getByRole('region', { name: 'My List' });
  await expect(row.getByRole('link')).toHaveCount(1);
  await expect(row.getByRole('heading', { name: DEMO.title })).toBeVisible();
  // Its card leads back to the course; removing it there empties the row.
  await row.getByRole('link').click();
  await expect(page).toHaveURL(path);
  await page.getByRole('button', { name: 'My List', pressed: true }).click();
  await expect(page.getByRole('button', { name: 'My List' })).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Trending Now' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My List' })).toHaveCount(0);
});

test('a 360-px phone: no sideways scrolling on the landing and course pages', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByText('FEATURED')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await openDemoCourse(page);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('a missing or malformed course id gets a real not-found page', async ({ page }) => {
  for (const id of ['doesNotExist123', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'x'.repeat(300)]) {
    const res = await page.goto(`/course/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Darasa' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Darasa home' })).toBeVisible();
    const body = await page.content();
    expect(body).not.toMatch(/\bat \S+ \(|node_modules|\/work\/|Error:/);
  }
});

test('search: results for a word, a clear message for none, the query shown as text', async ({ page }) => {
  await page.goto('/');
  const word = DEMO.title
    .split(/\s+/)
    .find((w) => w.length > 4)!
    .replace(/[^\p{L}\p{N}]/gu, '');
  await page.getByRole('combobox', { name: 'Search courses' }).fill(word);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${word}”`);
  await expect(page.getByRole('link', { name: DEMO.title })).toBeVisible();

  const nasty = '<b>zzqx</b> "NEAR(" OR *';
  await page.goto(`/search?q=${encodeURIComponent(nasty)}`);
  await expect(page.getByText(`No courses match “${nasty}”`, { exact: false })).toBeVisible();
  await expect(page.locator('b', { hasText: 'zzqx' })).toHaveCount(0);
});

test('rows scroll by keyboard (each focused card comes into view) and by the arrow buttons', async ({ page }) => {
  await page.goto('/');
  const row = page.getByRole('region', { name: 'Trending Now' });
  const scroller = row.locator('.row-scroller');
  const cards = row.getByRole('link');
  const n = await cards.count();
  expect(n).toBeGreaterThanOrEqual(8);
  await cards.first().focus();
  for (let i = 1; i < n; i++) await page.keyboard.press('Tab');
  await expect(cards.nth(n - 1)).toBeFocused();
  await expect(cards.nth(n - 1)).toBeInViewport();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  await page.reload();
  await expect(row.getByRole('button', { name: 'Scroll Trending Now left' })).toBeHidden();
  await row.getByRole('button', { name: 'Scroll Trending Now right' }).click();
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(row.getByRole('button', { name: 'Scroll Trending Now left' })).toBeVisible();
});

// page.route cannot see what a service worker fetches: this test rewrites media answers, so no worker.
test.describe(() => {
  test.use({ serviceWorkers: 'block' });

  test('a video that cannot be downloaded shows "Failed to load video" and the reason', async ({ page }) => {
    await openDemoCourse(page);
    await page.route(/\/media\/.*\.(mp4|m3u8|m4s|ts)(\?|$)/, (route) => route.abort('connectionfailed'));
    await page.getByRole('button', { name: 'Play Trailer' }).click();
    const alert = page.locator('.course-hero').getByRole('alert');
    await expect(alert).toContainText('Failed to load video');
    await expect(alert.locator('.player-error-reason')).not.toBeEmpty();
    await expect(page.getByRole('button', { name: 'Play Trailer' })).toBeVisible();

    // Back online, "Try again" starts the video afresh.
    await page.unrouteAll();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await playingPast(page.locator('.course-hero video'), 0.5);
    await expect(alert).toBeHidden();
  });
});

test('a course link carries an Open Graph / Twitter card with the price in KES', async ({ page, request, baseURL }) => {
  const path = await openDemoCourse(page);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const html = await (await request.get(path)).text();
  const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' };
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`)
      .exec(html)?.[1]
      ?.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => entities[e]!);
  expect(meta('og:title')).toBe(title);
  expect(meta('og:type')).toBe('product');
  expect(meta('og:url')).toBe(`${baseURL}${path}`);
  expect(meta('og:description')).toMatch(/KES [\d,]+/);
  expect(meta('twitter:card')).toBe('summary_large_image');
  expect(meta('product:price:currency')).toBe('KES');
  expect(meta('product:price:amount')).toMatch(/^\d+$/);
  const image = meta('og:image')!;
  // JPEG, 1200×630: link previews such as WhatsApp's do not take WebP.
  expect(image).toMatch(new RegExp(`^${baseURL}/media/.+/og\\.jpg$`));
  expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630']);
  const res = await request.get(image);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/jpeg');
});

test('playing the trailer and the preview reports views for the creator’s analytics', async ({ page }) => {
  await openDemoCourse(page);
  const viewOf = (kind: string) =>
    page.waitForResponse(
      (r) => r.url().endsWith('/api/events') && (r.request().postData() ?? '').includes(`"${kind}"`),
    );
  const trailerView = viewOf('trailer_view');
  await page.getByRole('button', { name: 'Play Trailer' }).click();
  expect((await trailerView).status()).toBe(204);
  await page.getByRole('button', { name: 'Pause Trailer' }).click();
  const previewView = viewOf('preview_view');
  await page.getByRole('button', { name: 'Preview' }).click();
  expect((await previewView).status()).toBe(204);
});

test('every episode shows about how many MB it costs, and less with data saver on', async ({ page }) => {
  await openDemoCourse(page);
  const first = page.locator('.episode-duration').first();
  // Named with the rendition this screen plays whole.
  await expect(first).toHaveText(/MB at \d+p · Listen only (<|≈) [\d.]+ MB$/);
  const full = await first.textContent();
  await page.evaluate(() => localStorage.setItem('darasa.dataSaver', 'on'));
  await page.reload();
  await expect(first).toHaveText(/MB at 360p \(data saver\) · Listen only/);
  expect(await first.textContent()).not.toBe(full);
});

/**
 * A phone whose scripts are slow: the CPU slowed 4× and every script held back until `release()`, so a
 * press lands on the server-rendered page before React is attached.
 */
async function slowScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  const notHydrated = () => page.evaluate(() => !(window as { __darasaHydrated?: boolean }).__darasaHydrated);
  return { release, notHydrated };
}

test('Play and Preview pressed before the page is hydrated still play once it is', async ({ page }) => {
  test.setTimeout(90_000);
  // The landing page (cached, hydrated after it is read): the hero's Play plays in place.
  const slow = await slowScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const hero = page.getByRole('region').filter({ hasText: 'FEATURED' });
  await hero.getByRole('button', { name: 'Play', exact: true }).click();
  expect(await slow.notHydrated()).toBe(true);
  slow.release();
  await playingPast(hero.locator('video'), 0.5);

  // A signed-in learner's course page (streamed, hydrated as soon as its scripts arrive): Preview.
  await page.unrouteAll();
  await registerLearner(page);
  const course = await openDemoCourse(page);
  const again = await slowScripts(page);
  await page.goto(course, { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Preview' }).click();
  // Signed-in pages now carry a CSP nonce and hydrate without the deferral, so this press may come after
  // hydration: the Preview must play either way (the visitor half above checks the early press itself).
  again.release();
  await playingPast(page.getByRole('dialog').locator('video'), 0.5);
});
