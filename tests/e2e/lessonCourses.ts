// Courses of non-video lessons (text, PDF, quiz) that the lesson specs make through the studio as a new
// creator, publish, enroll a learner in, and take off the shelves again afterwards: the newest published
// course is the landing page's hero, and the specs after them expect a demo course there, with a price and
// a video to play.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { registerCreator, unique } from '#tests/e2e/people.ts';

/** A cover picture for a course (a plain colour), written once to a temporary file. */
export async function coverPicture(colour: string): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-cover-')), 'cover.png');
  await sharp({ create: { width: 1280, height: 720, channels: 3, background: colour } })
    .png()
    .toFile(file);
  return file;
}

/** A new creator saves a free course (its title made unique) with this cover; answers its id, the editor open. */
export async function saveFreeCourse(
  page: Page,
  course: { title: string; description: string; category: string; cover: string },
): Promise<string> {
  await registerCreator(page);
  await page.getByRole('link', { name: '+ New Course' }).click();
  await page.getByLabel('Title *').fill(`${course.title} ${unique()}`);
  await page.getByLabel('Description *').fill(course.description);
  await page.getByLabel('Price (KES)').fill('0');
  await page.getByLabel('Category *').selectOption(course.category);
  await page.getByLabel('Thumbnail', { exact: true }).setInputFiles(course.cover);
  await expect(page.locator('.upload-field').filter({ hasText: 'Thumbnail' }).getByText('Ready')).toBeVisible();
  await page.getByRole('button', { name: 'Save Course' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Course saved successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/\/creator\/course\/(?!new$)[0-9A-Za-z]+$/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Publishes the course open in the editor. */
export async function publishOpenCourse(page: Page): Promise<void> {
  await page.getByRole('switch', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Save Course' }).click();
  await expect(page.locator('.studio-status').getByText('Published')).toBeVisible();
}

/** The signed-in learner of `page` takes the free course. */
export async function enrollFree(page: Page, courseId: string): Promise<void> {
  const res = await page.request.post('/api/payments', {
    headers: { origin: new URL(page.url()).origin },
    data: { courseId, amount: 0, phone: '+254 708374149', idempotencyKey: `e2e${unique()}` },
  });
  expect(res.status()).toBeLessThan(300);
}

/** Its creator (signed in on `page`) takes the course off the shelves again. */
export async function unpublish(page: Page, courseId: string): Promise<void> {
  await page.goto(`/creator/course/${courseId}`);
  await page.getByRole('switch', { name: 'Published' }).uncheck();
  await page.getByRole('button', { name: 'Save Course' }).click();
  await expect(page.locator('.studio-status').getByText('Draft')).toBeVisible();
}

/**
 * Called in a describe block: each test there that hands the course it published to `unpublishAfter` has it
 * taken off the shelves when it ends, passed or failed (the creator is still signed in on `page`).
 */
export function unpublishedAfterEach(): { unpublishAfter(courseId: string): void } {
  let published: string | undefined;
  test.afterEach(async ({ page }) => {
    if (published) await unpublish(page, published);
    published = undefined;
  });
  return {
    unpublishAfter: (courseId) => {
      published = courseId;
    },
  };
}
