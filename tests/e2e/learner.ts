// Steps several journeys share: a new learner signs up, finds a course, owns the free demo course.
import { expect, type Locator, type Page } from '@playwright/test';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The free demo course: owning it needs no payment (docs/product.md: price 0). */
export const FREE_COURSE = 'Home Workouts: No Gym, No Problem';

/** Resolves with the position once the video is really playing past `after` seconds. */
export async function playingPast(video: Locator, after: number) {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.paused ? -1 : v.currentTime)), { timeout: 30_000 })
    .toBeGreaterThan(after);
  return video.evaluate((v: HTMLVideoElement) => v.currentTime);
}

export async function openCourse(page: Page, title: string) {
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await page.getByRole('link').filter({ hasText: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/course\/[0-9A-Za-z_-]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

export async function signUpLearner(page: Page) {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(`Njeri ${unique()}`);
  await page.getByLabel('Email').fill(`njeri.${unique()}@example.com`);
  await page.getByLabel('Password').fill('secret1');
  await page.getByLabel('Phone (M-Pesa)').pressSequentially('708374149');
  await page.getByLabel('Learn (Customer)').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
}

/** Enrolls the signed-in learner in the free course; returns its id (the course page is open). */
export async function enrollInFreeCourse(page: Page) {
  const courseId = await openCourse(page, FREE_COURSE);
  const origin = new URL(page.url()).origin;
  const enroll = await page.request.post('/api/payments', {
    headers: { origin },
    data: { courseId, amount: 0, phone: '+254 708374149', idempotencyKey: `e2e${unique()}` },
  });
  expect(enroll.status()).toBeLessThan(300);
  return courseId;
}
