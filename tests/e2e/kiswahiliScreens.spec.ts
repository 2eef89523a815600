// The learner's main screens in Kiswahili on a phone (issue 25, part E): the glossary's words, dates with
// the month in full, and a name with ũ and Ō printed whole on the certificate, its page and its PDF.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { completeCourse, enrollInFreeCourse, FREE_COURSE } from '#tests/e2e/courses.ts';
import { enterSignUpCode } from '#tests/e2e/outbox.ts';
import { PASSWORD, unique } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';
import { pdfText } from '#tests/support/pdfText.ts';

test.use(PHONE);

test('a learner named Wanjikũ Njeri Ōtieno sees the landing, course, search, home and certificate in Kiswahili', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = async (name: string) => {
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`sw-${name}.png`), fullPage: true });
  };
  const name = `Wanjikũ Njeri Ōtieno ${unique()}`;
  const email = `wanjiku.${unique()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Phone (M-Pesa)').pressSequentially('708374149');
  await page.getByLabel('Learn (Customer)').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await enterSignUpCode(page, email);
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
  const courseId = await enrollInFreeCourse(page);
  await completeCourse(page, courseId);

  // The switch saves Kiswahili on the account.
  await page.goto('/');
  await page.getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'sw_KE');
  await shot('landing');

  await page.goto(`/course/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: FREE_COURSE })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Maoni' })).toBeVisible();
  await shot('course');

  await page.goto('/search?q=workouts');
  await expect(page.getByRole('link').filter({ hasText: FREE_COURSE }).first()).toBeVisible();
  await expect(page.locator('option', { hasText: 'Nyota zozote' })).toBeAttached();
  await shot('search');

  await page.goto('/customer?tab=mine');
  await expect(page.getByRole('link', { name: /^Pakua cheti/ })).toBeVisible();
  await shot('learner-home');
  // The PDF prints the name as typed (DejaVu Sans embedded, not a standard font).
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Pakua cheti/ }).click();
  const pdf = await pdfText(new Uint8Array(fs.readFileSync(await (await download).path())));
  expect(pdf.text).toContain(name);
  expect(pdf.text).toContain('Cheti cha kukamilisha kozi');

  await page.getByRole('link', { name: /^Tazama cheti/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cheti cha kukamilisha kozi' })).toBeVisible();
  await expect(page.getByRole('article').getByText(name)).toBeVisible();
  // The month in full: "Novemba", never the short "Nov" that reads as English.
  await expect(page.getByRole('article')).toContainText(
    /\d{1,2} (Januari|Februari|Machi|Aprili|Mei|Juni|Julai|Agosti|Septemba|Oktoba|Novemba|Desemba) \d{4}/,
  );
  await shot('certificate');
});
