// Phone-first accounts in the browser, on a phone-sized screen, against the SMS and M-Pesa simulators the
// server runs beside it: a learner signs up by phone reading the code from the SMS simulator's /__sms, buys
// a course and gets the SMS receipt in Kiswahili; wrong, expired and undeliverable codes are refused in
// plain words.
import { expect, test, type Page } from '@playwright/test';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { freshNumber, readSms } from '#tests/e2e/smsInbox.ts';
import { DEMO_SMS_URL, EMPTY_SMS_URL, EMPTY_URL } from './urls.ts';

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });

async function startPhoneSignUp(page: Page, base: string, local: string, language = 'en') {
  await page.goto(`${base}/register`);
  await page.getByRole('link', { name: PHONE_TEXT.signUpWithPhone }).click();
  await page.getByLabel('Full name').fill('Amani Wekesa');
  await page.getByLabel('Learn (Customer)').check();
  await page.getByLabel(PHONE_TEXT.language).selectOption(language);
  await page.getByLabel(PHONE_TEXT.phoneLabel).pressSequentially(local);
  await page.getByRole('button', { name: PHONE_TEXT.sendCode }).click();
}

test('a learner signs up by phone, buys a course with M-Pesa and gets the SMS receipt', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const local = freshNumber();
  const e164 = `+254${local}`;
  await startPhoneSignUp(page, baseURL!, local, 'sw');
  await expect(page.getByText(/We sent a code to \+254/)).toBeVisible();
  const codeField = page.getByLabel(PHONE_TEXT.codeLabel);
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

  const code = /\d{6}/.exec(await readSms(context, DEMO_SMS_URL, e164, /ni msimbo wako wa Darasa/))![0];
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Said once: under the code field, which points to it, and announced.
  await expect(page.getByText(PHONE_TEXT.codeWrong)).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveText(PHONE_TEXT.codeWrong);
  await expect(codeField).toHaveAccessibleDescription(PHONE_TEXT.codeWrong);
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account created successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });

  // Buy the first paid course with the simulator's paying number.
  const card = page
    .locator('.owned-card')
    .filter({ hasNot: page.getByText('KES 0', { exact: true }) })
    .first();
  const title = (await card.locator('.card-title').textContent())!;
  // The sign-up chose Kiswahili: the pages after it are in Kiswahili at once (decision 0048).
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await card.getByRole('button', { name: 'Nunua Kozi' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nambari ya simu ya M-Pesa').fill('0708 374 149');
  await dialog.getByRole('button', { name: 'Lipa kwa M-Pesa' }).click();
  await expect(dialog.getByRole('heading', { name: 'Malipo yamepokelewa' })).toBeVisible({ timeout: 20_000 });

  const receipt = await readSms(context, DEMO_SMS_URL, e164, /malipo yamepokelewa/);
  expect(receipt).toContain(title.length > 40 ? title.slice(0, 39) : title);
  expect(receipt).toMatch(/KES [\d,]+/);
});

/** Submits a code on the code step; resolves with the server's answer. */
async function submitCode(page: Page, code: string) {
  await page.getByLabel(PHONE_TEXT.codeLabel).fill(code);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/register'));
  await page.getByRole('button', { name: 'Create Account' }).click();
  return answer;
}

test('an expired code is refused', async ({ page, context }) => {
  // This server's codes expire after 3 s (playwright.config.ts).
  const local = freshNumber();
  await startPhoneSignUp(page, EMPTY_URL, local);
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  const code = /\d{6}/.exec(await readSms(context, EMPTY_SMS_URL, `+254${local}`, /is your Darasa code/))![0];
  // A wrong guess is answered "not right" while the code lives and "expired" once it has expired. Each guess
  // uses one of the code's five tries: 1.5 s apart, at most three are needed, leaving tries for the code.
  await expect(async () => {
    const answer = await submitCode(page, code === '000000' ? '111111' : '000000');
    expect(await answer.text()).toContain(PHONE_TEXT.codeExpired);
  }).toPass({ intervals: [1500] });
  // The right code, now, is refused in the same plain words.
  const answer = await submitCode(page, code);
  expect(await answer.text()).toContain(PHONE_TEXT.codeExpired);
  await expect(page.getByText(PHONE_TEXT.codeExpired).first()).toBeVisible();
});

test('numbers the gateway cannot reach are reported in plain words', async ({ page }) => {
  await startPhoneSignUp(page, EMPTY_URL, '700000203');
  await expect(page.getByRole('alert')).toHaveText(PHONE_TEXT.smsInvalidNumber);

  await startPhoneSignUp(page, EMPTY_URL, '700000202');
  await expect(page.getByText(/We sent a code to/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(PHONE_TEXT.smsNotDelivered, { timeout: 15_000 });
});

test('a learner who signed up by phone deletes the account with a code sent to the phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const local = freshNumber();
  const e164 = `+254${local}`;
  await startPhoneSignUp(page, baseURL!, local);
  const signUpCode = /\d{6}/.exec(await readSms(context, DEMO_SMS_URL, e164, /is your Darasa code/))![0];
  await page.getByLabel(PHONE_TEXT.codeLabel).fill(signUpCode);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });

  await page.goto(`${baseURL}/account`);
  // No password field: the account never had one.
  await expect(page.getByLabel('Your password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send me a code to delete my account' }).click();
  await expect(page.getByText(/We sent a code to \+254/)).toBeVisible();
  await page.screenshot({ path: 'test-results/account-delete-by-code-phone.png', fullPage: true });
  const deletionSms = new RegExp(`^(?!${signUpCode})\\d{6} is your Darasa code`);
  const code = /\d{6}/.exec(await readSms(context, DEMO_SMS_URL, e164, deletionSms))![0];
  await page.getByLabel('Code from the SMS').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alert')).toHaveText(PHONE_TEXT.codeWrong);
  await page.getByLabel('Code from the SMS').fill(code);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});
