// The landing page of a marketplace with no published course (server started with DEMO_DATA=false).
import { expect, test } from '@playwright/test';
import { EMPTY_URL } from './urls.ts';
import { expectNoSidewaysScroll } from '#tests/e2e/screens.ts';

test.use({ baseURL: EMPTY_URL });

test('an empty marketplace shows the pitch, sign-up links and no rows', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('link', { name: 'Start Learning Today' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(page.getByText('No courses available yet')).toBeVisible();
  await expect(page.getByRole('link', { name: /creator/i })).toHaveAttribute('href', '/register?role=creator');
  await expect(page.getByText('FEATURED')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
});

test('an empty marketplace fits a 360-px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByText('No courses available yet')).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('search on an empty marketplace says nothing matched', async ({ page }) => {
  await page.goto('/search?q=python');
  await expect(page.getByText('No courses match “python”', { exact: false })).toBeVisible();
});
