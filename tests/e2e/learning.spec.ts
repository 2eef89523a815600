// Watching: a visitor plays the free episode 1 preview (HLS behind a signed token); an enrolled learner
// plays episode 3 on the learning page, reloads, and playback resumes where it stopped.
import { expect, test, type Locator, type Page } from '@playwright/test';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Resolves with the position once the video is really playing past `after` seconds. */
async function playingPast(video: Locator, after: number) {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.paused ? -1 : v.currentTime)), { timeout: 30_000 })
    .toBeGreaterThan(after);
  return video.evaluate((v: HTMLVideoElement) => v.currentTime);
}

async function openCourse(page: Page, title: string) {
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await page.getByRole('link').filter({ hasText: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/course\/[0-9A-Za-z_-]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('a visitor plays the episode 1 preview as a signed HLS stream', async ({ page }) => {
  const playlists: number[] = [];
  page.on('response', (r) => {
    if (/\/media\/s\/[^/]+\/[^/]+\/master\.m3u8$/.test(r.url())) playlists.push(r.status());
  });
  await openCourse(page, 'KCSE Mathematics Revision');
  await page.getByRole('button', { name: 'Preview' }).click();
  const dialog = page.getByRole('dialog');
  await playingPast(dialog.locator('video'), 0.5);
  expect(playlists).toContain(200);
  // Quality choices come from the stream's renditions.
  await expect(dialog.getByRole('combobox', { name: 'Quality' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Playback speed' })).toBeVisible();
});

test('an enrolled learner plays episode 3, reloads, and resumes at the saved position', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(`Njeri ${unique()}`);
  await page.getByLabel('Email').fill(`njeri.${unique()}@example.com`);
  await page.getByLabel('Password').fill('secret1');
  await page.getByLabel('Phone (M-Pesa)').pressSequentially('708374149');
  await page.getByLabel('Learn (Customer)').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });

  // The free demo course enrolls at once (PRODUCT.md: price 0 needs no payment).
  const courseId = await openCourse(page, 'Home Workouts: No Gym, No Problem');
  const origin = new URL(page.url()).origin;
  const enroll = await page.request.post('/api/payments', {
    headers: { origin },
    data: { courseId, amount: 0, phone: '+254 708374149', idempotencyKey: `e2e${unique()}` },
  });
  expect(enroll.status()).toBeLessThan(300);

  await page.goto(`/learn/${courseId}/3`);
  await expect(page.getByRole('heading', { level: 1, name: /^3\. / })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Previous episode' })).toHaveAttribute('href', `/learn/${courseId}/2`);
  await expect(page.getByText(/MB/).first()).toBeVisible();
  const video = page.locator('video');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await playingPast(video, 4);
  // Pausing saves the position at once (a beacon; leaving the page sends one too).
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/learning/progress') && r.status() === 200);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await saved;
  const stoppedAt = await video.evaluate((v: HTMLVideoElement) => v.currentTime);

  await page.reload();
  await expect(page.getByText(/Resuming at 0:0[4-9]/)).toBeVisible();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const resumedAt = await playingPast(video, 0);
  expect(resumedAt).toBeGreaterThanOrEqual(stoppedAt - 1);
  // The episode list marks what was watched.
  await expect(page.getByRole('link', { name: /% watched/ })).toBeVisible();
});

test('a preview whose link expired in a cached page gets a fresh link and plays', async ({ page }) => {
  // Playlists answer as for an expired token until the player has asked for a fresh link.
  let renewedAsked = false;
  let refused = 0;
  page.on('request', (r) => {
    if (/\/media\/play\/[^/]+$/.test(r.url())) renewedAsked = true;
  });
  await page.route(/\/media\/s\/[^/]+\/[^/]+\/master\.m3u8$/, (route) => {
    if (renewedAsked) return route.continue();
    refused++;
    return route.fulfill({ status: 403, contentType: 'application/json', body: '{"error":{"code":"forbidden"}}' });
  });
  await openCourse(page, 'KCSE Mathematics Revision');
  await page.getByRole('button', { name: 'Preview' }).click();
  await playingPast(page.getByRole('dialog').locator('video'), 0.5);
  expect(renewedAsked).toBe(true);
  expect(refused).toBeGreaterThan(0);
});
