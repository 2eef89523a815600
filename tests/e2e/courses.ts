// The demo catalogue as specs reach it: a course found through search as a visitor would, the free course
// owned, the first paid course bought with the M-Pesa simulator's paying number, every episode watched.
import { expect, type Locator, type Page } from '@playwright/test';
import { unique } from '#tests/e2e/people.ts';

/** The free demo course: owning it needs no payment (docs/product.md: price 0). */
export const FREE_COURSE = 'Home Workouts: No Gym, No Problem';

/** Opens a course from the search page; returns its id. */
export async function openCourse(page: Page, title: string) {
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await page.getByRole('link').filter({ hasText: title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/course\/[0-9A-Za-z_-]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
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

/** The first paid course of the signed-in learner's course grid (/customer). */
export function firstPaidCard(page: Page): Locator {
  return page
    .locator('.owned-card')
    .filter({ hasNot: page.getByText('KES 0', { exact: true }) })
    .first();
}

/** Buys the first paid course of the grid with the simulator's paying number; returns its card. */
export async function buyFirstPaidCourse(page: Page): Promise<Locator> {
  const card = firstPaidCard(page);
  await card.getByRole('button', { name: 'Purchase Course' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('M-Pesa phone number').fill('0708 374 149');
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  return card;
}

/**
 * Watches every episode to its end: plays it (the page reports the position with the episode's id), seeks
 * to the end, and reports the end position through the same API the page uses.
 */
export async function completeCourse(page: Page, courseId: string) {
  await page.goto(`/learn/${courseId}/1`);
  const count = await page.locator('.learn-episodes li').count();
  for (let n = 1; n <= count; n++) {
    await page.goto(`/learn/${courseId}/${n}`);
    const video = page.locator('video');
    const reported = page.waitForRequest((r) => r.url().endsWith('/api/learning/progress') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const { episodeId } = JSON.parse((await reported).postData() ?? '{}') as { episodeId: string };
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration || 0)).toBeGreaterThan(0);
    const end = await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = v.duration - 0.2;
      return v.duration;
    });
    const res = await page.request.post('/api/learning/progress', {
      headers: { origin: new URL(page.url()).origin },
      data: { episodeId, position: Math.round(end * 10) / 10 },
    });
    expect(await res.json()).toEqual({ completed: true });
  }
}
