// Text lessons on a phone (390×844, DPR 3, touch; issue 26): a creator adds a text lesson whose Markdown is
// hostile (script, iframe, javascript: link, an image with onerror) and previews it; a learner reads it with
// none of that running, it completes when read to its end, "Next" opens the following lesson, and the
// page read once opens again with no connection. In Kiswahili too, at 390, 360 and 320 px, nothing sideways.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { hydrated } from '#tests/e2e/hydration.ts';
import {
  coverPicture,
  enrollFree,
  publishOpenCourse,
  saveFreeCourse,
  unpublishedAfterEach,
} from '#tests/e2e/lessonCourses.ts';
import { registerLearner } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';
import { controlled } from '#tests/e2e/serviceWorker.ts';

let thumb: string;

const paragraphs = Array.from(
  { length: 30 },
  (_, i) => `Aya ${i + 1}: maji ya uvuguvugu, si ya moto. Pumzika kidogo kati ya mazoezi na unywe maji.`,
).join('\n\n');
const hostile = [
  '# Karibu darasani',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  '<iframe src="https://example.com"></iframe>',
  '[Bonyeza hapa](javascript:window.__pwned="link") na [Darasa](https://example.com/soma).',
  paragraphs,
  'Mwisho wa somo.',
].join('\n\n');

test.beforeAll(async () => {
  thumb = await coverPicture('#12507a');
});

/** A new creator's free course with two text lessons, published; returns its id. */
async function publishTextCourse(page: Page): Promise<string> {
  const courseId = await saveFreeCourse(page, {
    title: 'Mazoezi kwa maandishi',
    description: 'A course you read: short lessons, no video.',
    category: 'lifestyle',
    cover: thumb,
  });

  const add = page.getByRole('button', { name: 'Add Episode' });
  await page.getByLabel('Text lesson').check();
  await expect(page.getByLabel('Episode video *')).toHaveCount(0);
  await page.getByLabel('Episode title *').fill('Soma kwanza');
  await expect(add).toBeDisabled();
  await page.getByLabel('Text (Markdown) *').fill(hostile);
  // The preview is the server's rendering: the markup shows as words, nothing runs.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('article', { name: 'How learners will see it' });
  await expect(preview.getByRole('heading', { name: 'Karibu darasani' })).toBeVisible();
  await expect(preview.getByText('<script>window.__pwned = "script"</script>')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('studio-preview-390-en.png') });
  await expectNoSidewaysScroll(page);
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: 'Episode added successfully!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Soma kwanza' })).toBeVisible();

  await page.getByLabel('Text lesson').check();
  await page.getByLabel('Episode title *').fill('Maliza');
  await page.getByLabel('Text (Markdown) *').fill('Umemaliza. **Hongera!**');
  await add.click();
  await expect(page.getByRole('heading', { level: 3, name: 'Maliza' })).toBeVisible();

  // A course of text lessons only may be published: no video needed.
  await publishOpenCourse(page);
  return courseId;
}

test.describe('on a phone', () => {
  test.use(PHONE);
  const { unpublishAfter } = unpublishedAfterEach();

  test('a hostile text lesson is added, read inert, completes when read, and Next opens the following lesson', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const courseId = await publishTextCourse(page);
    unpublishAfter(courseId);

    const context: BrowserContext = await browser.newContext(PHONE);
    const learner = await context.newPage();
    await registerLearner(learner);
    // The course page: each lesson's kind and reading time; the first is free to read, in place.
    await learner.goto(`/course/${courseId}`);
    await expect(learner.locator('.course-facts').getByText('2 text lessons')).toBeVisible();
    await expect(learner.locator('.episode').first().locator('.lesson-kind')).toHaveText(/^Text · \d+ min read$/);
    await hydrated(learner);
    await learner.getByRole('button', { name: 'Preview' }).tap();
    const dialog = learner.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Karibu darasani' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close Preview' }).tap();

    await enrollFree(learner, courseId);
    await learner.goto(`/learn/${courseId}/1`);
    await hydrated(learner);
    await controlled(learner);
    await expect(learner.getByRole('heading', { level: 1, name: '1. Soma kwanza' })).toBeVisible();
    const text = learner.getByRole('article', { name: 'Lesson 1: Soma kwanza' });
    await expect(text.getByRole('heading', { name: 'Karibu darasani' })).toBeVisible();
    // Inert: the markup is words on the page, the javascript: link is no link, nothing ran.
    await expect(text.getByText('<iframe src="https://example.com"></iframe>')).toBeVisible();
    await expect(text.locator('script, iframe, img, [onerror]')).toHaveCount(0);
    await expect(text.getByRole('link', { name: 'Bonyeza hapa' })).toHaveCount(0);
    await expect(text.getByRole('link', { name: 'Darasa' })).toHaveAttribute('rel', 'noopener nofollow ugc');
    expect(await learner.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    await learner.screenshot({ path: test.info().outputPath('learn-text-390-en.png') });
    await expectNoSidewaysScroll(learner);

    // Read to its end: it completes, saved through the progress API.
    const saved = learner.waitForResponse((r) => r.url().endsWith('/api/learning/progress') && r.ok());
    await learner.locator('.text-lesson-end').scrollIntoViewIfNeeded();
    await expect(learner.locator('.text-lesson-done')).toHaveText('✓ Completed');
    await saved;

    // Next: the following lesson, with lesson 1 completed in the list.
    // "Next" is at the end of the text too, where the reader is.
    await learner.locator('.text-lesson-end').getByRole('link', { name: 'Next episode →' }).tap();
    await expect(learner).toHaveURL(new RegExp(`/learn/${courseId}/2$`));
    await expect(learner.getByRole('heading', { level: 1, name: '2. Maliza' })).toBeVisible();
    await expect(learner.locator('.learn-episodes li').first()).toContainText('Completed');
    // A short lesson that fits the screen completes with the button.
    await learner.getByRole('button', { name: 'Mark as complete' }).tap();
    await expect(learner.locator('.text-lesson-done')).toHaveText('✓ Completed');

    // Offline, the lesson read before opens again from the worker's copy of the page.
    await context.setOffline(true);
    await learner.goto(`/learn/${courseId}/1`);
    await expect(learner.getByRole('article', { name: 'Lesson 1: Soma kwanza' })).toContainText('Mwisho wa somo.');
    await context.setOffline(false);

    // Kiswahili, 360 and 320 px.
    await learner.goto(`/learn/${courseId}/1`);
    await learner.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
    await expect(learner.locator('html')).toHaveAttribute('lang', 'sw');
    await learner.setViewportSize({ width: 360, height: 740 });
    await expect(learner.getByRole('article', { name: 'Somo la 1: Soma kwanza' })).toBeVisible();
    await learner.screenshot({ path: test.info().outputPath('learn-text-360-sw.png') });
    await expectNoSidewaysScroll(learner);
    await learner.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(learner);
    await learner.goto(`/course/${courseId}`);
    await expect(learner.locator('.episode').first().locator('.lesson-kind')).toHaveText(
      /^Maandishi · Dakika \d+ za kusoma$/,
    );
    await learner.screenshot({ path: test.info().outputPath('course-text-320-sw.png') });
    await expectNoSidewaysScroll(learner);
    // Wide: the text keeps its reading width beside the lesson list.
    await learner.setViewportSize({ width: 1280, height: 800 });
    await learner.goto(`/learn/${courseId}/1`);
    await expect(learner.getByRole('article', { name: 'Somo la 1: Soma kwanza' })).toBeVisible();
    await learner.screenshot({ path: test.info().outputPath('learn-text-1280-sw.png') });
    await context.close();
  });
});
