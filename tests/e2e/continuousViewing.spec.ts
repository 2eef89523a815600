// Watching a course on a learner's phone (390×844, DPR 3, touch) without stopping: "Continue watching" plays
// at the saved position with no second tap, a position under a second is no "Resuming at 0:00", and an
// episode that ends leads into the next after a countdown that Cancel stops; the last one simply ends.
// Screens of the countdown and the settings panel at 390 and 360 px, in English and Kiswahili.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { enrollInFreeCourse } from '#tests/e2e/courses.ts';
import { hydrated } from '#tests/e2e/hydration.ts';
import { registerLearner } from '#tests/e2e/people.ts';
import { playingPast } from '#tests/e2e/playback.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';

const player = (page: Page) => page.getByRole('group', { name: /^Video player: / });

/** Tapping Play on a live page starts the video; resolves with the episode's id, as the page reports it. */
async function startPlaying(page: Page): Promise<string> {
  await hydrated(page);
  const reported = page.waitForRequest((r) => r.url().endsWith('/api/learning/progress') && r.method() === 'POST');
  await player(page).getByRole('button', { name: 'Play', exact: true }).tap();
  await playingPast(player(page).locator('video'), 0.2);
  return (JSON.parse((await reported).postData() ?? '{}') as { episodeId: string }).episodeId;
}

/** Moves a playing video to just before its end. */
async function nearTheEnd(video: Locator) {
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration || 0)).toBeGreaterThan(1);
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = v.duration - 0.5;
  });
}

async function savePosition(page: Page, episodeId: string, position: number) {
  const res = await page.request.post('/api/learning/progress', {
    headers: { origin: new URL(page.url()).origin },
    data: { episodeId, position },
  });
  expect(res.status()).toBe(200);
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('"Continue watching" plays from the saved position with one tap; under a second resumes nothing', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await registerLearner(page);
    const courseId = await enrollInFreeCourse(page);
    await page.goto(`/learn/${courseId}/2`);
    const episodeId = await startPlaying(page);
    // Pausing saves the position it paused at: let that report go first, so the 3 s saved after it is newer.
    const pauseReport = page.waitForRequest((r) => r.url().endsWith('/api/learning/progress') && r.method() === 'POST');
    await player(page).getByRole('button', { name: 'Pause', exact: true }).tap();
    await pauseReport;
    await savePosition(page, episodeId, 3);

    await page.goto('/customer?tab=mine');
    await hydrated(page);
    await page.getByRole('link', { name: 'Continue watching' }).first().tap();
    await expect(page).toHaveURL(new RegExp(`/learn/${courseId}/2$`));
    await expect(page.getByText('Resuming at 0:03')).toBeVisible();
    // No second tap: it plays, from the saved position on, and its clock moves.
    const video = player(page).locator('video');
    // The first moment it is seen playing is already past the saved 3 s: it did not start from 0.
    const from = await playingPast(video, 0);
    expect(from).toBeGreaterThanOrEqual(3);
    await playingPast(video, from + 0.5);
    await player(page).getByRole('button', { name: 'Pause', exact: true }).tap();
    await expect(player(page).locator('.player-time')).toHaveText(/^0:0[3-9] \/ 0:\d\d$/);

    // Half a second saved is no place to come back to: the page says nothing and the video starts at 0.
    await savePosition(page, episodeId, 0.5);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^2\. / })).toBeVisible();
    await expect(page.getByText(/Resuming at/)).toHaveCount(0);
  });

  test('an episode that ends leads into the next after a countdown; Cancel stays; the last one just ends', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    await registerLearner(page);
    const courseId = await enrollInFreeCourse(page);
    await page.goto(`/learn/${courseId}/2`);
    const nextTitle = (await page.locator('.learn-episodes li').nth(2).locator('.learn-ep-title').textContent())!;
    await startPlaying(page);
    const video = player(page).locator('video');

    // Cancel: the countdown goes, the page stays, Play is offered again.
    await nearTheEnd(video);
    const countdown = player(page).getByRole('region', { name: 'Up next' });
    await expect(countdown.getByText(new RegExp(`^Next: ${nextTitle} in \\d$`))).toBeVisible();
    await page.screenshot({ path: info.outputPath('countdown-390-en.png') });
    await countdown.getByRole('button', { name: 'Cancel' }).tap();
    await expect(countdown).toHaveCount(0);
    await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/learn/${courseId}/2`);

    // Escape cancels too (a keyboard user's way out).
    await player(page).getByRole('button', { name: 'Play', exact: true }).tap();
    await playingPast(video, 0.2);
    await nearTheEnd(video);
    await expect(countdown).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(countdown).toHaveCount(0);

    // Left alone, the countdown starts the next episode, which plays with no tap.
    await player(page).getByRole('button', { name: 'Play', exact: true }).tap();
    await playingPast(video, 0.2);
    await nearTheEnd(video);
    await expect(countdown).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/learn/${courseId}/3$`), { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: `3. ${nextTitle}` })).toBeVisible();
    await playingPast(video, 0.5);

    // The last episode ends with no countdown.
    const last = await page.locator('.learn-episodes li').count();
    await page.goto(`/learn/${courseId}/${last}`);
    await startPlaying(page);
    await nearTheEnd(video);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);
    await expect(player(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(countdown).toHaveCount(0);
  });

  for (const lang of ['en', 'sw'] as const)
    for (const width of [390, 360])
      test(`screens at ${width} px in ${lang}: the countdown and the settings panel fit`, async ({ page }, info) => {
        test.setTimeout(120_000);
        await page.setViewportSize({ width, height: width === 390 ? 844 : 740 });
        await registerLearner(page);
        const courseId = await enrollInFreeCourse(page);
        if (lang === 'sw') {
          // The top bar's switch keeps the account's language too.
          await page.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
          await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
        }
        await page.goto(`/learn/${courseId}/1`);
        await hydrated(page);
        const bar = page.locator('.player .player-controls');
        await bar.locator('button').first().tap();
        const video = page.locator('.player video');
        await playingPast(video, 0.2);
        await bar.locator('button').first().tap(); // pause
        // Settings: every field inside the panel, the panel inside the player.
        await bar.locator('button[aria-controls]').tap();
        const panel = page.locator('.player .player-panel');
        for (const field of await panel.locator('select, button').all()) {
          await field.scrollIntoViewIfNeeded();
          const box = (await field.boundingBox())!;
          const frame = (await panel.boundingBox())!;
          expect(box.x).toBeGreaterThanOrEqual(frame.x);
          expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
        }
        await panel.locator('select').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: info.outputPath(`settings-${width}-${lang}.png`) });
        await panel.locator('.player-panel-close').tap();
        await bar.locator('button').first().tap(); // play
        await playingPast(video, 0.2);
        await nearTheEnd(video);
        await expect(page.locator('.player .player-next')).toBeVisible();
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: info.outputPath(`countdown-${width}-${lang}.png`) });
      });
});
