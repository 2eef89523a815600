// Watching: a visitor plays the free episode 1 preview (HLS behind a signed token); an enrolled learner
// plays episode 3 on the learning page, reloads, and playback resumes where it stopped.
import { expect, test } from '@playwright/test';
import { enrollInFreeCourse, openCourse, playingPast, signUpLearner } from '#tests/e2e/learner.ts';

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
  // Quality choices come from the stream's renditions (in the player's settings).
  await dialog.getByRole('button', { name: 'Settings' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Quality' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Playback speed' })).toBeVisible();
});

test('an enrolled learner plays episode 3, reloads, and resumes at the saved position', async ({ page }) => {
  await signUpLearner(page);
  const courseId = await enrollInFreeCourse(page);

  await page.goto(`/learn/${courseId}/3`);
  await expect(page.getByRole('heading', { level: 1, name: /^3\. / })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Previous episode' })).toHaveAttribute('href', `/learn/${courseId}/2`);
  await expect(page.getByText(/MB at \d+p/).first()).toBeVisible(); // (the player's data meter also says MB)
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

// page.route cannot see what a service worker fetches: this test rewrites media answers, so no worker.
test.describe(() => {
  test.use({ serviceWorkers: 'block' });

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
});
