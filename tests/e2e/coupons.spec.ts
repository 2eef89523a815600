// Coupons end to end on a phone: the creator makes a code in the studio, a new learner applies it in the
// purchase modal (typed in lower case), pays the discounted amount through the embedded M-Pesa simulator
// (the scripted success number answers the prompt) and the studio then counts the use. Then a code with one
// use, applied by two learners who press "Pay with M-Pesa" at the same moment: exactly one pays the
// discounted price, the other is told the code is used up and is back at the full price.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { registerLearner, signIn, unique } from '#tests/e2e/people.ts';
import { PHONE } from '#tests/e2e/screens.ts';

const COURSE = 'Bookkeeping with M-Pesa for Small Businesses'; // KES 1,500, by creator@darasa.test

test.use(PHONE);

test('a coupon made in the studio lets a learner buy at the discounted price with M-Pesa', async ({
  page,
  browser,
}) => {
  // The creator makes a 20 % code with five uses.
  const { courseId, code, row } = await makeCoupon(page, 5);

  // A new learner applies it and pays KES 1,200 instead of KES 1,500.
  const { buyer, dialog, close } = await learnerAtCheckout(browser, page, courseId, 'Otieno');
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
  await close();

  // The studio counts the use.
  await page.reload();
  await expect(row).toContainText('1 of 5 used');
});

test('a code with one use left, paid for by two learners at once, is sold at the discount exactly once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // three people's browsers, two sign-ups and a payment
  const { courseId, code, row } = await makeCoupon(page, 1);
  const buyers = [
    await learnerAtCheckout(browser, page, courseId, 'Wanjiru'),
    await learnerAtCheckout(browser, page, courseId, 'Kamau'),
  ];
  // Both apply the code while it still has its use: "Apply" only previews, so both see KES 1,200.
  for (const { dialog } of buyers) {
    await dialog.getByLabel('Coupon code').fill(code);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('KES 1,200', { exact: true })).toBeVisible();
    await dialog.getByLabel('M-Pesa phone number').fill('0708 374 149');
  }
  await Promise.all(buyers.map(({ dialog }) => dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click()));

  // Each buyer ends either paying or refused; whichever won, exactly one pays.
  const outcomes = await Promise.all(
    buyers.map(async ({ dialog }) => {
      const paid = dialog.getByRole('heading', { name: 'Check your phone' });
      const refused = dialog.getByRole('alert');
      await expect(paid.or(refused)).toBeVisible();
      return (await refused.isVisible()) ? 'refused' : 'paid';
    }),
  );
  expect(outcomes.toSorted()).toEqual(['paid', 'refused']);
  const winner = buyers[outcomes.indexOf('paid')]!;
  const loser = buyers[outcomes.indexOf('refused')]!;

  await expect(winner.dialog.getByText(/to pay KES 1,200\./)).toBeVisible();
  await expect(winner.dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  // The other is told plainly, and the modal is back at the full price with the code removed.
  await expect(loser.dialog.getByRole('alert')).toHaveText('This code has been used up');
  await expect(loser.dialog.locator('.purchase-old-price')).toHaveCount(0);
  await expect(loser.dialog.getByText('KES 1,500', { exact: true })).toBeVisible();
  await expect(loser.dialog.getByRole('button', { name: 'Pay with M-Pesa' })).toBeVisible();

  // Nothing was charged twice: one receipt at KES 1,200, none for the other, one use counted.
  await winner.buyer.goto('/customer/purchases');
  await expect(winner.buyer.getByRole('heading', { level: 2, name: COURSE })).toBeVisible();
  await expect(winner.buyer.getByText('KES 1,200').first()).toBeVisible();
  await loser.buyer.goto('/customer/purchases');
  await expect(loser.buyer.getByText('You have not bought any courses yet')).toBeVisible();
  await page.reload();
  await expect(row).toContainText('1 of 1 used');
  for (const b of buyers) await b.close();
});

/** The creator (signed in on `page`) makes a 20 % code for COURSE in the studio; returns it and its row. */
async function makeCoupon(page: Page, maxUses: number) {
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
  await coupons.getByLabel('Maximum uses (optional)').fill(String(maxUses));
  await coupons.getByRole('button', { name: 'Create Coupon' }).click();
  await expect(coupons.getByText('Coupon created')).toBeVisible();
  const row = coupons.locator(`[data-code="${code.toUpperCase()}"]`);
  await expect(row).toContainText(`20% off · No expiry · 0 of ${maxUses} used · Active`);
  return { courseId, code, row };
}

/** A new learner on their own phone, with the purchase modal of the course open. */
async function learnerAtCheckout(browser: Browser, page: Page, courseId: string, first: string) {
  const context = await browser.newContext({ ...PHONE, baseURL: new URL(page.url()).origin });
  const buyer = await context.newPage();
  await registerLearner(buyer, { first });
  await buyer.goto(`/course/${courseId}`);
  await buyer.getByRole('button', { name: 'Purchase Course' }).click();
  return { buyer, dialog: buyer.getByRole('dialog'), close: () => context.close() };
}
