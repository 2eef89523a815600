// Buying a course with M-Pesa in the browser, against the Daraja simulator the server runs beside it: the success
// number pays and unlocks the course; the cancel number shows the cancellation and the customer retries.
import { expect, test, type Page } from '@playwright/test';
import { firstPaidCard } from '#tests/e2e/courses.ts';
import { registerLearner } from '#tests/e2e/people.ts';

/** The first paid course of the customer grid, with its title and price as shown. */
async function firstPaidCourse(page: Page) {
  const card = firstPaidCard(page);
  await expect(card).toBeVisible();
  const title = (await card.locator('.card-title').textContent())!;
  const price = (await card.locator('.price').textContent())!;
  return { card, title, price };
}

async function pay(page: Page, phone: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('M-Pesa phone number').fill(phone);
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(dialog.getByText(/\d:\d\d left/)).toBeVisible();
  return dialog;
}

test('a customer buys a course with M-Pesa and can play it', async ({ page }) => {
  await registerLearner(page, { first: 'Achieng' });
  const { card, title, price } = await firstPaidCourse(page);
  await card.getByRole('button', { name: 'Purchase Course' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog.getByText(price, { exact: true })).toBeVisible();
  // Prefilled from the account, in Kenyan format.
  await expect(dialog.getByLabel('M-Pesa phone number')).toHaveValue('+254 708 374 149');
  await pay(page, '0708 374 149');
  await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Start watching' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Owned everywhere, without a reload: the grid, the course page and My Courses.
  await expect(card.getByText('Purchased')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Play' })).toBeVisible();
  await card.locator('.card').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Purchased')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Purchase Course' })).toHaveCount(0);
  const episode2 = page.locator('.episode').nth(1);
  await expect(episode2.getByRole('link', { name: 'Play' })).toHaveAttribute('href', /\/learn\/[^/]+\/2$/);
  await episode2.getByRole('link', { name: 'Play' }).click();
  // Episode 2 opens in the player for the owner.
  await expect(page).toHaveURL(/\/learn\/[^/]+\/2$/);
  await expect(page.locator('video')).toBeAttached();

  await page.goto('/customer/purchases');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // The M-Pesa receipt number shows once M-Pesa's Transaction Status confirmed it (seconds after payment).
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.receipt dd').nth(1)).toHaveText(/^[A-Z0-9]{10}$/, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});

test('a cancelled M-Pesa prompt is explained and the customer can retry', async ({ page }) => {
  await registerLearner(page, { first: 'Achieng' });
  const { card } = await firstPaidCourse(page);
  await card.getByRole('button', { name: 'Purchase Course' }).click();
  const dialog = await pay(page, '0700 000 001');
  await expect(dialog.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(dialog.getByText('You cancelled the M-Pesa prompt. No money was taken.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await dialog.getByLabel('M-Pesa phone number').fill('+255 712 345 678');
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter a Kenyan M-Pesa number, like 0712 345 678.');
  await pay(page, '254708374149');
  await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Purchased')).toBeVisible();
});
