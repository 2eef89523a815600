// Shared by the end-to-end specs that need a learner with a finished course: sign-up, free enrollment,
// and completing every episode the way the learning page reports it.
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'darasa-demo';
export const FREE_COURSE = 'Home Workouts: No Gym, No Problem';
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/api/account/sign-in', { data: { email, password } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

/** A new learner, signed in on `page`; returns their name. */
export async function registerLearner(page: Page, first = 'Njeri'): Promise<string> {
  const name = `${first} ${unique()}`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(`${first.toLowerCase()}.${unique()}@example.com`);
  await page.getByLabel('Password').fill('secret1');
  await page.getByLabel('Phone (M-Pesa)').pressSequentially('708374149');
  await page.getByLabel('Learn (Customer)').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
  return name;
}

/** The free demo course's id, found through search as a visitor would. */
export async function freeCourseId(page: Page): Promise<string> {
  await page.goto(`/search?q=${encodeURIComponent(FREE_COURSE)}`);
  const href = await page.getByRole('link').filter({ hasText: FREE_COURSE }).first().getAttribute('href');
  return href!.split('/').pop()!;
}

/** Enrolls the signed-in learner in a free course (docs/product.md: price 0 needs no payment). */
export async function enrollFree(page: Page, courseId: string) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/payments', {
    headers: { origin },
    data: { courseId, amount: 0, phone: '+254 708374149', idempotencyKey: `e2e${unique()}` },
  });
  // Already enrolled (a demo account on a second run) is as good.
  expect([200, 201, 202, 409]).toContain(res.status());
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
