// A learner finishes the free demo course, downloads the certificate (a real PDF naming them) and opens its
// public verification page; reviews the course; its creator replies on the course page; another user
// reports the review, which reaches the admin queue, where an admin hides it (and restores it, leaving the
// demo catalog as it was for the other specs).
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { completeCourse, enrollInFreeCourse, FREE_COURSE } from '#tests/e2e/courses.ts';
import { registerLearner, signedIn } from '#tests/e2e/people.ts';
import { PHONE } from '#tests/e2e/screens.ts';
import { pdfText } from '#tests/support/pdfText.ts';

test('a learner completes a course, downloads the certificate and verifies it; a review gets a reply and a report', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = (p: Page, name: string) => p.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const { name: learnerName } = await registerLearner(page);
  const courseId = await enrollInFreeCourse(page);
  await completeCourse(page, courseId);

  // The learning page offers the certificate once every episode is completed.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You completed this course' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Download certificate/ }).click();
  const file = await (await download).path();
  const pdf = await pdfText(new Uint8Array(fs.readFileSync(file)));
  expect(pdf.pages).toBe(1);
  expect(pdf.text).toContain(learnerName);
  expect(pdf.text).toContain(FREE_COURSE);
  expect(pdf.text).toContain('Amina Hassan');

  await page.getByRole('link', { name: /^View certificate/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate of completion' })).toBeVisible();
  await expect(page.getByText('Verified by Darasa')).toBeVisible();
  await expect(page.getByRole('article').getByText(learnerName)).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(learnerName));
  const certificateUrl = page.url();
  expect(pdf.text).toContain(certificateUrl.split('/').pop()!);

  // My Courses offers it too.
  await page.goto('/customer?tab=mine');
  await expect(page.getByRole('link', { name: /^Download certificate for Home Workouts/ })).toBeVisible();
  // An unknown code is a proper not-found page.
  const missing = await page.goto('/certificates/ZZZZZZZZZZ');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  // The review, written on the learning page.
  const comment = `Clear routines, I sweat every time ${Date.now()}`;
  await page.goto(`/learn/${courseId}/1`);
  await page.locator('label.star').nth(4).click();
  await page.getByLabel('Comment (optional)').fill(comment);
  await page.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thanks for your review!')).toBeVisible();

  // The course's creator replies from the course page, on a phone.
  const creator = await signedIn(browser, 'amina@darasa.test', PHONE);
  await creator.goto(`/course/${courseId}`);
  const byCreator = creator.locator('.review').filter({ hasText: comment });
  await expect(byCreator).toBeVisible();
  await expect(byCreator.getByRole('button', { name: 'Report' })).toHaveCount(0);
  await byCreator.getByRole('button', { name: 'Reply' }).click();
  await byCreator.getByLabel('Your reply').fill('Asante! Try episode 3 twice a week.');
  await byCreator.getByRole('button', { name: 'Save reply' }).click();
  await expect(byCreator.getByText('Reply from Amina Hassan')).toBeVisible();
  await expect(byCreator.getByRole('button', { name: 'Edit reply' })).toBeVisible();
  await byCreator.scrollIntoViewIfNeeded();
  await shot(creator, 'course-reviews-phone-creator');

  // Another signed-in user reports it, once.
  const reporter = await signedIn(browser, 'learner@darasa.test', PHONE);
  await reporter.goto(`/course/${courseId}`);
  const byReporter = reporter.locator('.review').filter({ hasText: comment });
  await expect(byReporter.getByText('Asante! Try episode 3 twice a week.')).toBeVisible();
  await expect(byReporter.getByRole('button', { name: 'Reply' })).toHaveCount(0);
  reporter.on('dialog', (d) => d.accept());
  await byReporter.getByRole('button', { name: 'Report' }).click();
  await expect(byReporter.getByText('Reported. Thank you.')).toBeVisible();
  await expect(reporter.getByRole('list', { name: 'Ratings by stars' })).toBeVisible();
  await shot(reporter, 'course-reviews-phone');
  // Coming back, it is still reported: no "Report" to press again.
  await reporter.reload();
  await expect(byReporter.getByText('Reported', { exact: true })).toBeVisible();
  await expect(byReporter.getByRole('button', { name: 'Report' })).toHaveCount(0);

  // It is in the admin queue; hiding it takes it off the public page.
  const admin = await signedIn(browser, 'admin@darasa.test');
  admin.on('dialog', (d) => d.accept());
  await admin.goto('/admin/reviews');
  const row = admin.locator('tr').filter({ hasText: comment });
  await expect(row).toContainText('1');
  await shot(admin, 'admin-reviews-desktop');
  await row.getByRole('button', { name: 'Hide' }).click();
  await expect(row.getByText('Hidden.')).toBeVisible();
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/course/${courseId}`);
  await expect(visitor.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(visitor.getByText(comment)).toHaveCount(0);
  await shot(visitor, 'course-reviews-desktop');
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(row.getByText('Restored.')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText(comment)).toBeVisible();

  // The same reviews and certificate for a visitor whose browser asks for Kiswahili.
  const mgeni = await (await browser.newContext({ locale: 'sw-KE' })).newPage();
  await mgeni.goto(`/course/${courseId}`);
  await expect(mgeni.getByRole('heading', { name: 'Maoni' })).toBeVisible();
  await expect(mgeni.getByText(comment)).toBeVisible();
  await expect(mgeni.getByText(/^(ukadiriaji 1|makadirio \d+)$/)).toBeVisible();
  await mgeni.goto(certificateUrl);
  await expect(mgeni.getByRole('heading', { level: 1, name: 'Cheti cha kukamilisha kozi' })).toBeVisible();
  await expect(mgeni.getByText('Imethibitishwa na Darasa')).toBeVisible();
  await expect(mgeni.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${learnerName} amekamilisha kozi ya ${FREE_COURSE} — Darasa`,
  );
  await mgeni.context().close();

  const phone = await (await browser.newContext(PHONE)).newPage();
  await phone.goto(certificateUrl);
  await shot(phone, 'certificate-phone');
  await visitor.goto(certificateUrl);
  await shot(visitor, 'certificate-desktop');
});
