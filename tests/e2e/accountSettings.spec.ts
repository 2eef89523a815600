// Account self-service and receipts on a phone (decision 0048): a new learner is greeted "Welcome", changes
// their name, password, e-mail (the link from the outbox), M-Pesa number (the code from the SMS simulator) and
// language on /account; a buyer sees the M-Pesa receipt number in the purchase modal and opens, prints and
// downloads the receipt. Screenshots at 390 and 360 px wide, in English and Kiswahili.
import { expect, test, type Page } from '@playwright/test';
import { firstPaidCard } from '#tests/e2e/courses.ts';
import { newestEmailTo } from '#tests/e2e/outbox.ts';
import { PASSWORD, registerLearner, unique } from '#tests/e2e/people.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { DEMO_SMS_URL } from '#tests/e2e/urls.ts';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

/** Screenshots at 390 and 360 px wide, and no sideways scrolling at either. */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [390, 844],
    [360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The newest SMS to `e164` in the SMS simulator, as the phone would show it. */
async function newestSms(page: Page, e164: string, matching: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`${DEMO_SMS_URL}/__sms/messages.json`);
      const all = (await res.json()) as { to: string; message: string }[];
      text = all.find((m) => m.to === e164 && matching.test(m.message))?.message ?? '';
      return text;
    })
    .toMatch(matching);
  return text;
}

test('a phone sign-up on an English page that chose Kiswahili lands on a Kiswahili page, greeted "Karibu"', async ({
  page,
}) => {
  const local = `71${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await page.goto('/register');
  await page.getByRole('link', { name: PHONE_TEXT.signUpWithPhone }).click();
  await page.getByLabel('Full name').fill('Amani Wekesa');
  await page.getByLabel('Learn (Customer)').check();
  await page.getByLabel(PHONE_TEXT.language).selectOption('sw');
  await page.getByLabel(PHONE_TEXT.phoneLabel).pressSequentially(local);
  await page.getByRole('button', { name: PHONE_TEXT.sendCode }).click();
  const code = /\d{6}/.exec(await newestSms(page, `+254${local}`, /Darasa/))![0];
  await page.getByLabel(PHONE_TEXT.codeLabel).fill(code);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Karibu, Amani Wekesa!' })).toBeVisible();
  await page.goto('/account');
  // A phone-only account: its number, no empty brackets.
  await expect(page.getByText(/^Umeingia kama Amani Wekesa \(\+254 \d{3} \d{3} \d{3}\)\.$/)).toBeVisible();
  await shoot(page, 'account-phone-only-sw');
});

test('a new learner changes their name, password, e-mail, M-Pesa number and language', async ({ page }) => {
  test.setTimeout(120_000);
  const { name, email } = await registerLearner(page, { first: 'Wairimu' });
  await expect(page.getByRole('heading', { name: `Welcome, ${name}!` })).toBeVisible();

  await page.goto('/account');
  await expect(page.getByText(`(${email})`)).toBeVisible();
  await page.getByLabel('Full name').fill('Wairimu Njeri');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByRole('status')).toHaveText('Your name was saved.');
  await expect(page.getByText('Signed in as Wairimu Njeri')).toBeVisible();

  await page.getByLabel('Current password').fill('wrong-one');
  await page.getByLabel('New password').fill('new-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is not right. Your password was not changed.');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password').fill('new-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password was changed. Your other devices were signed out.');

  const newEmail = `wairimu.${unique()}@example.com`;
  await page.getByLabel('New e-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByRole('status')).toContainText('we sent a link to it');
  let link = '';
  await expect
    .poll(
      () =>
        (link =
          /https?:\/\/\S+\/account\/email\?token=[\w-]+/.exec(newestEmailTo(page.url(), newEmail) ?? '')?.[0] ?? ''),
    )
    .not.toBe('');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Confirm e-mail' }).click();
  await expect(page.getByText('Your e-mail was changed.')).toBeVisible();
  await shoot(page, 'account-email-confirmed');
  await page.getByRole('link', { name: 'Back to account settings' }).click();
  await expect(page.getByText(`Your e-mail: ${newEmail}`)).toBeVisible();

  const local = `71${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await page.getByLabel('New M-Pesa number').fill(`0${local}`);
  await page.getByRole('button', { name: 'Send a code to this number' }).click();
  await expect(page.getByText(/We sent a code to \+254/)).toBeVisible();
  const code = /\d{6}/.exec(await newestSms(page, `+254${local}`, /is your Darasa code/))![0];
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Change number' }).click();
  await expect(page.getByRole('status')).toHaveText('Your M-Pesa number was changed.');
  await expect(page.getByText('This device')).toBeVisible();
  await shoot(page, 'account-en');

  await page.getByLabel('Pages, SMS and e-mails come in this language').selectOption('sw');
  await page.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect(page.getByRole('heading', { name: 'Mipangilio ya akaunti' })).toBeVisible();
  await expect(page.getByText('Umeingia kama Wairimu Njeri')).toBeVisible();
  await shoot(page, 'account-sw');
});

test('a buyer sees the M-Pesa receipt number, opens the printable receipt and downloads it', async ({ page }) => {
  test.setTimeout(120_000);
  await registerLearner(page, { first: 'Achieng' });
  await firstPaidCard(page).getByRole('button', { name: 'Purchase Course' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('M-Pesa phone number').fill('0708 374 149');
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
  // The number comes once M-Pesa's Transaction Status confirmed it: the modal keeps asking until then.
  await expect(dialog.getByText(/M-Pesa receipt [A-Z0-9]{10}/)).toBeVisible({ timeout: 45_000 });
  await dialog.getByRole('link', { name: 'View receipt' }).click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.locator('.receipt-sheet')).toContainText(/KES \d/);
  await shoot(page, 'receipt-en');
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.topbar')).toBeHidden();
  await page.screenshot({ path: 'test-results/receipt-print-390.png', fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^darasa-receipt-\w+\.pdf$/);
  await page.goto('/customer/purchases');
  await expect(page.getByRole('link', { name: 'View receipt' })).toBeVisible();

  // The same receipt in Kiswahili.
  await page.getByRole('link', { name: 'View receipt' }).click();
  await page.getByRole('button', { name: 'Kiswahili' }).first().click();
  await expect(page.getByRole('heading', { name: 'Risiti' })).toBeVisible();
  await shoot(page, 'receipt-sw');
});
