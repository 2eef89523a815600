// Offline learning in Chromium (docs/decisions/0023): Darasa is installable; a learner who bought a course
// downloads an episode and watches it with no connection, progress made offline reaches the server once
// online; an interrupted download resumes without fetching again what it already had; another account on
// the same browser cannot open the copy; a refund removes it at the next online check.
import { expect, type BrowserContext, type Locator, type Page, test } from '@playwright/test';
import { DEMO_URL } from './urls.ts';
import { buyFirstPaidCourse } from '#tests/e2e/courses.ts';
import { PASSWORD, registerLearner, signedIn, signIn } from '#tests/e2e/people.ts';
import { playingPast } from '#tests/e2e/playback.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';
import { controlled } from '#tests/e2e/serviceWorker.ts';

/** Buys the first paid course of the customer grid and opens its page; returns its id. */
async function buyAndOpenFirstPaidCourse(page: Page): Promise<string> {
  const card = await buyFirstPaidCourse(page);
  await card.locator('.card').click();
  await expect(page).toHaveURL(/\/course\/[^/]+$/);
  return new URL(page.url()).pathname.split('/')[2]!;
}

async function downloadEpisode(page: Page, order: number, quality: RegExp): Promise<Locator> {
  const row = page.locator('.episode').nth(order - 1);
  await row.getByRole('button', { name: 'Download' }).click();
  const sheet = page.getByRole('dialog', { name: /^Download episode/ });
  await expect(sheet.getByRole('button', { name: /240p/ })).toBeVisible();
  await expect(sheet.getByRole('button', { name: /360p/ })).toBeVisible();
  await sheet.getByRole('button', { name: quality }).click();
  return row;
}

const offline = (context: BrowserContext, on: boolean) => context.setOffline(on);

test('Darasa is installable: manifest, icons, favicon and a service worker controlling the page', async ({ page }) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const res = await page.request.get(manifestHref!);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ short_name: 'Darasa', display: 'standalone', start_url: '/?source=pwa' });
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.background_color).toMatch(/^#/);
  for (const want of ['192x192', '512x512'])
    expect(manifest.icons.some((i) => i.sizes === want && i.purpose === 'any')).toBe(true);
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const r = await page.request.get(icon.src);
    expect([icon.src, r.status()]).toEqual([icon.src, 200]);
  }
  for (const [path, type] of [
    ['/favicon.ico', 'image/x-icon'],
    ['/apple-touch-icon.png', 'image/png'],
    ['/sw.js', 'text/javascript'],
  ] as const) {
    const r = await page.request.get(path, { maxRedirects: 0 });
    expect([path, r.status(), r.headers()['content-type']?.split(';')[0]]).toEqual([path, 200, type]);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
  await controlled(page);
});

// On a learner's phone (390×844, DPR 3, touch), where offline viewing happens.
test.describe('on a phone', () => {
  test.use(PHONE);

  test('a learner downloads episode 2, watches it offline, and the progress reaches the server online', async ({
    page,
    context,
  }) => {
    // One learner's whole offline journey, in order (buy, download, play, replay, go back online, switch
    // language): about 40 s of real playback and page loads, more than the default minute on a busy machine.
    test.setTimeout(120_000);
    await registerLearner(page);
    const courseId = await buyAndOpenFirstPaidCourse(page);
    await controlled(page);
    const row = await downloadEpisode(page, 2, /^240p/);
    await expect(row.getByText(/Downloaded • 240p/)).toBeVisible({ timeout: 30_000 });

    // The browser is closed and reopened offline: a new page, no connection.
    await page.close();
    await offline(context, true);
    const again = await context.newPage();
    await again.goto('/downloads');
    await expect(again.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
    await expect(again.getByText(/Downloaded • 240p/)).toBeVisible();
    await expect(again.getByText(/MB used/)).toBeVisible();
    // Each row says what it is and until when it plays without the server: "Expires 27 December 2026".
    await expect(again.getByText(/Downloaded • 240p • [\d.]+ MB • Expires \d{1,2} [A-Z][a-z]+ \d{4}/)).toBeVisible();
    // A tap on the episode plays the stored copy right here, with no connection.
    await again.getByRole('button', { name: /^Play 2\. / }).tap();
    // Paused from inside the page as the clock passes 1.5 s: paused from here, a busy machine could let it
    // run into the episode's last 5 s, which start over rather than resume (resumePosition.ts).
    await again.locator('.downloads-player video').evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          const pauseAt = () => {
            if (v.currentTime < 1.5) return;
            v.removeEventListener('timeupdate', pauseAt);
            v.closest('[role="group"]')!.querySelector<HTMLButtonElement>('button[aria-label="Pause"]')!.click();
            resolve();
          };
          v.addEventListener('timeupdate', pauseAt);
        }),
    );
    await again.screenshot({ path: test.info().outputPath('downloads-playing-390-en.png') });
    // Opened again, it goes on from where this phone left it, not from 0 (which, saved, would overwrite the
    // learner's place): the first stretch it plays starts there.
    await again.reload();
    await again.getByRole('button', { name: /^Play 2\. / }).tap();
    const resumed = again.locator('.downloads-player video');
    await playingPast(resumed, 2);
    expect(await resumed.evaluate((v: HTMLVideoElement) => v.played.start(0))).toBeGreaterThanOrEqual(1.4);
    await again.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(again);
    await again.screenshot({ path: test.info().outputPath('downloads-playing-360-en.png') });

    // Its learning page, kept for offline use, plays it too.
    await again.goto(`/learn/${courseId}/2`);
    await expect(again.getByRole('heading', { level: 1, name: /^2\. / })).toBeVisible();
    // The page is live (hydrated) once its download control shows the stored copy.
    await expect(again.getByText(/Downloaded • 240p/)).toBeVisible();
    const video = again.locator('video');
    await again.getByRole('button', { name: 'Play', exact: true }).click();
    await playingPast(video, 1.5);
    await again.getByRole('button', { name: 'Pause', exact: true }).click();
    // Seeking works on the stored copy too.
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 3;
    });
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);

    // A page never stored shows Darasa's offline page listing the download, not the browser's error.
    await again.goto('/search?q=anything');
    await expect(again.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    const stored = again.getByRole('link', { name: /· 2\. / });
    await again.screenshot({ path: test.info().outputPath('offline-page-360-en.png') });
    await expect(stored).toContainText(/240p · [\d.]+ MB · Expires \d{1,2} [A-Z][a-z]+ \d{4}/);
    // Tapped, it opens the downloads page playing that episode.
    await stored.tap();
    await expect(again).toHaveURL(/\/downloads#play=/);
    // Watched on to 1.5 s and paused: that position, recorded offline, is the latest the server will get.
    await playingPast(again.locator('.downloads-player video'), 1.5);
    await again.locator('.downloads-player').getByRole('button', { name: 'Pause', exact: true }).tap();

    // Back online, the position made offline is sent and shows on the learning page.
    await again.goto(`/learn/${courseId}/2`);
    const sent = again.waitForResponse((r) => r.url().endsWith('/api/learning/progress') && r.status() === 200);
    await offline(context, false);
    await sent;
    await expect(async () => {
      await again.reload();
      await expect(again.getByText(/Resuming at 0:0[1-9]/)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    // In Kiswahili the rows read the same, the date in Kiswahili ("Itaisha 27 Desemba 2026").
    await again.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
    await expect(again.locator('html')).toHaveAttribute('lang', 'sw');
    await again.goto('/downloads');
    await expect(again.getByText(/Imepakuliwa • 240p • [\d.]+ MB • Itaisha \d{1,2} \p{L}+ \d{4}/u)).toBeVisible();
    await again.getByRole('button', { name: /^Cheza 2\. / }).tap();
    await playingPast(again.locator('.downloads-player video'), 0.5);
    await expectNoSidewaysScroll(again);
    await again.screenshot({ path: test.info().outputPath('downloads-playing-360-sw.png') });
    await again.setViewportSize({ width: 390, height: 844 });
    await again.screenshot({ path: test.info().outputPath('downloads-playing-390-sw.png') });
  });
});

test('"Download all" keeps every episode, and each row shows its progress as it goes', async ({ page }) => {
  await registerLearner(page);
  await buyAndOpenFirstPaidCourse(page);
  await controlled(page);
  const rows = page.locator('.episode');
  const count = await rows.count();
  await page.getByRole('button', { name: 'Download all' }).click();
  const sheet = page.getByRole('dialog', { name: 'Download all episodes' });
  await sheet.getByRole('button', { name: /^240p/ }).click();
  // No reload: the rows' plain "Download" buttons turn into the live state of the downloads started for them.
  for (let i = 0; i < count; i++)
    await expect(rows.nth(i).getByText(/Downloaded • 240p/)).toBeVisible({ timeout: 30_000 });
  await page.goto('/downloads');
  await expect(page.getByText(/Downloaded • 240p/)).toHaveCount(count);
});

test('a dropped connection pauses a download, which resumes without fetching finished files again', async ({
  page,
  context,
}) => {
  await registerLearner(page);
  await buyAndOpenFirstPaidCourse(page);
  await controlled(page);
  const started = new Map<string, number>();
  const finished = new Map<string, number>();
  const fileOf = (url: string) => new URL(url).pathname.split('/').slice(-2).join('/');
  page.on('request', (r) => {
    if (r.url().includes('?dl=1')) started.set(fileOf(r.url()), (started.get(fileOf(r.url())) ?? 0) + 1);
  });
  page.on('requestfinished', async (r) => {
    if (r.url().includes('?dl=1') && (await r.response())?.status() === 200)
      finished.set(fileOf(r.url()), (finished.get(fileOf(r.url())) ?? 0) + 1);
  });
  // The connection drops when a media segment is asked for, once the playlist and init segment are in.
  let dropped = false;
  await page.route(/\?dl=1$/, async (route) => {
    if (!dropped && /seg_\d+\.m4s/.test(route.request().url())) {
      dropped = true;
      await expect.poll(() => finished.size).toBeGreaterThanOrEqual(2);
      await offline(context, true);
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  const row = await downloadEpisode(page, 2, /^360p/);
  await expect(row.getByText('Waiting for a connection…')).toBeVisible();
  const before = new Map(finished);
  expect(before.size).toBeGreaterThan(0);
  await offline(context, false);
  await expect(row.getByText(/Downloaded • 360p/)).toBeVisible({ timeout: 30_000 });
  // Every file arrived exactly once, and the ones finished before the drop were not asked for again.
  for (const [file, n] of finished) expect([file, n]).toEqual([file, 1]);
  for (const file of before.keys()) expect([file, started.get(file)]).toEqual([file, 1]);
  expect([...finished.keys()].some((f) => /seg_/.test(f) && !before.has(f))).toBe(true);
});

test('another account on the same browser cannot open a download; a refund removes it at the next check', async ({
  page,
  context,
  browser,
}) => {
  const { email } = await registerLearner(page);
  const courseId = await buyAndOpenFirstPaidCourse(page);
  await controlled(page);
  const row = await downloadEpisode(page, 2, /^240p/);
  await expect(row.getByText(/Downloaded • 240p/)).toBeVisible({ timeout: 30_000 });

  // Someone else signs in on this browser: no downloads, and offline the first learner's page is not theirs.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await registerLearner(page);
  await page.goto('/downloads');
  await expect(page.getByText(/No downloads yet/)).toBeVisible();
  await offline(context, true);
  await page.goto(`/learn/${courseId}/2`);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByText('No downloaded episodes on this device yet.')).toBeVisible();
  await offline(context, false);

  // The first learner comes back; an admin refunds the purchase; the next online check removes the copy.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email, PASSWORD);
  await page.goto('/downloads');
  await expect(page.getByText(/Downloaded • 240p/)).toBeVisible();

  const admin = await signedIn(browser, 'admin@darasa.test');
  const list = (await (await admin.request.get(`/api/admin/purchases?q=${encodeURIComponent(email)}`)).json()) as {
    items: { id: string; status: string }[];
  };
  const paid = list.items.find((p) => p.status === 'paid')!;
  const refund = await admin.request.post(`/api/admin/purchases/${paid.id}/refund`, {
    data: { reason: 'Learner asked for a refund' },
    headers: { origin: DEMO_URL },
  });
  expect(refund.status()).toBe(200);
  // Access ends once M-Pesa confirms the reversal (Transaction Status), a few seconds later.
  await expect
    .poll(
      async () => {
        const now = (await (await admin.request.get(`/api/admin/purchases?q=${encodeURIComponent(email)}`)).json()) as {
          items: { id: string; status: string }[];
        };
        return now.items.find((p) => p.id === paid.id)?.status;
      },
      { timeout: 30_000 },
    )
    .toBe('refunded');
  await admin.context().close();

  await page.reload();
  await expect(page.getByText(/No downloads yet/)).toBeVisible({ timeout: 15_000 });
});
