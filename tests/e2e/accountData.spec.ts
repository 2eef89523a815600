// Personal data in the browser: a learner downloads their data from /account, then deletes their account
// with their password; they are signed out and cannot sign in again.
import { expect, test } from '@playwright/test';
import { PASSWORD, registerLearner } from '#tests/e2e/people.ts';

test('a learner downloads their data and deletes their account', async ({ page }) => {
  const { email } = await registerLearner(page, { first: 'Wanjiku' });

  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/account-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: 'test-results/account-desktop.png' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('darasa-my-data.json');
  const text = await (await download.createReadStream()).toArray();
  expect(JSON.parse(Buffer.concat(text).toString()).account.email).toBe(email);

  await page.getByLabel('Your password').fill('wrong-password');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is not right. Your account was not deleted.');
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
