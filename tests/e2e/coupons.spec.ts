// Coupons end to end on a phone: the creator makes a code in the studio, a new learner applies it in the
// purchase modal (typed in lower case), pays the discounted amount through the embedded M-Pesa simulator
// (the scripted success number answers the prompt) and the studio then counts the use.
import { expect, test } from '@playwright/test';
import { registerLearner, signIn, unique } from './learnerHelpers.ts';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const COURSE = 'Bookkeeping with M-Pesa for Small Businesses'; // KES 1,500, by creator@darasa.test

test.use(PHONE);

test('a coupon made in the studio lets a learner buy at the discounted price with M-Pesa', async ({
  page,
  browser,
}) => {
  // The creator makes a 20 % code with five uses.
  await signIn(page, 'creator@darasa.test');
  await page.goto('/creator');
  await page.locator('.studio-course').filter({ hasText: COURSE }).getByRole('link', { name: 'Edit Course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible();
  const courseId = new URL(page.url()).pathname.split('/').pop()!;
  const code = `e2e-${unique()}`;
  const coupons = page.getByRole('region', { name: 'Coupons' });
  await coupons.getByLabel('Code *').fill(code);
  await coupons.getByLabel('Discount').selectOption('percent');
  await coupons.getByLabel('Percent (1–100) *').fill('20');
  await coupons.getByLabel('Maximum uses (optional)').fill('5');
  await coupons.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(coupons.getByText('Coupon created')).toBeVisible();
  const row = coupons.locator(`[data-code="${code.toUpperCase()}"]`);
  await expect(row).toContainText('20% off · No expiry · 0 of 5 used · Active');

  // A new learner applies it and pays KES 1,200 instead of KES 1,500.
  const learner = await browser.newContext({ ...PHONE, baseURL: new URL(page.url()).origin });
  const buyer = await learner.newPage();
  await registerLearner(buyer, 'Otieno');
  await buyer.goto(`/course/${courseId}`);
  await buyer.getByRole('button', { name: 'Purchase Course' }).click();
  const dialog = buyer.getByRole('dialog');
  await dialog.getByLabel('Coupon code').fill('no-such-code');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This code is not valid for this course');
  await dialog.getByLabel('Coupon code').fill(code);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.locator('.purchase-old-price')).toHaveText('KES 1,500');
  await expect(dialog.getByText('KES 1,200', { exact: true })).toBeVisible();
  await dialog.getByLabel('M-Pesa phone number').fill('0708 374 149');
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(dialog.getByText(/to pay KES 1,200\./)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await buyer.goto('/customer/purchases');
  await expect(buyer.getByRole('heading', { level: 2, name: COURSE })).toBeVisible();
  await expect(buyer.getByText('KES 1,200').first()).toBeVisible();
  await learner.close();

  // The studio counts the use.
  await page.reload();
  await expect(row).toContainText('1 of 5 used');
});
