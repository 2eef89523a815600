// Watching: an enrolled learner plays episode 3 on the learning page, reloads, and playback resumes where it
// stopped. (A visitor's signed HLS preview, and a preview whose link expired, are in phonePlayer.spec.ts.)
import { expect, test } from '@playwright/test';
import { enrollInFreeCourse } from '#tests/e2e/courses.ts';
import { registerLearner } from '#tests/e2e/people.ts';
import { playingPast } from '#tests/e2e/playback.ts';

test('an enrolled learner plays episode 3, reloads, and resumes at the saved position', async ({ page }) => {
  await registerLearner(page);
  const courseId = await enrollInFreeCourse(page);

  await page.goto(`/learn/${courseId}/3`);
  await expect(page.getByRole('heading', { level: 1, name: /^3\. / })).toBeVisible();
  await expect(page.getByRole('link', { name: '← Previous episode' })).toHaveAttribute('href', `/learn/${courseId}/2`);
  await expect(page.getByText(/MB at \d+p/).first()).toBeVisible(); // (the player's data meter also says MB)
  const video = page.locator('video');
  // Pausing saves the position at once with a beacon (text/plain; the saves while playing are JSON).
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/learning/progress') &&
      r.status() === 200 &&
      (r.request().headers()['content-type'] ?? '').startsWith('text/plain'),
  );
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  // Pause is pressed from inside the page as the clock passes 4 s: pressed from here, a busy machine could
  // let playback run into the episode's last 5 s, which start over instead of resuming (resumePosition.ts).
  await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        const pauseAt4 = () => {
          if (v.currentTime < 4) return;
          v.removeEventListener('timeupdate', pauseAt4);
          v.closest('[role="group"]')!.querySelector<HTMLButtonElement>('button[aria-label="Pause"]')!.click();
          resolve();
        };
        v.addEventListener('timeupdate', pauseAt4);
      }),
  );
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
