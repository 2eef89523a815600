// Gifts in the browser (issue 27, decision 0061), on a phone (390 px, touch, dpr 3), against the M-Pesa and SMS
// simulators the server runs beside it: a learner gives a course to a phone number and pays with M-Pesa; the
// SMS (in Kiswahili, the buyer's choice) arrives at that number with the claim link; a new person signs up
// with that number (in Kiswahili), claims the course and plays lesson 2; the buyer sees it claimed. Another
// buyer has an unclaimed gift refunded to their M-Pesa from their purchases page, and its link stops working.
import { expect, test } from '@playwright/test';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { freshNumber, readSms } from '#tests/e2e/smsInbox.ts';
import { firstPaidCard } from '#tests/e2e/courses.ts';
import { registerLearner } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from './screens.ts';
import { DEMO_SMS_URL } from './urls.ts';

test.use(PHONE);

const SHOTS = process.env.E2E_OUTPUT_DIR ?? 'test-results';
test('a gift bought with M-Pesa is claimed by a new phone account, which plays lesson 2', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const local = freshNumber();
  const e164 = `+254${local}`;

  // The buyer: a new learner whose M-Pesa number is the simulator's paying one.
  await registerLearner(page, { first: 'Wanjiru' });
  const card = firstPaidCard(page);
  const title = (await card.locator('.card-title').textContent())!;
  await card.locator('.card').click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Give as a gift' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();

  // A number that is not Kenyan is refused under its field, and nothing is sent.
  await dialog.getByLabel('Their phone number').fill('+255 712 345 678');
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Enter their Kenyan mobile number, like 0712 345 678.');
  await expect(dialog.getByLabel('Their phone number')).toHaveAttribute('aria-invalid', 'true');
  // The buyer's own number is refused by the server, in the same place.
  await dialog.getByLabel('Their phone number').fill('0708 374 149');
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/This is your own number/);

  await dialog.getByLabel('Their phone number').fill(`0${local}`);
  await dialog.getByLabel('Language of their SMS').selectOption('sw');
  await expect(dialog.getByLabel('Pay from this M-Pesa number')).toHaveValue('+254 708 374 149');
  await page.screenshot({ path: `${SHOTS}/gift-form-390.png` });
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('heading', { name: 'Gift paid' })).toBeVisible({ timeout: 30_000 });
  await expect(
    dialog.getByText(`We are sending an SMS to 0${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/gift-paid-390.png` });
  // The buyer was not enrolled by their gift.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Purchase Course' })).toBeVisible();

  // On the buyer's purchases page: not claimed yet, with "Resend SMS".
  await page.goto('/customer/purchases');
  const sent = page.getByRole('region', { name: 'Gifts you sent' });
  await expect(sent.getByText('Not claimed yet')).toBeVisible();
  await expect(sent.getByRole('button', { name: 'Resend SMS' })).toBeEnabled();
  await expect(sent.getByText('3 resends left')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/gift-unclaimed-390.png` });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/gift-unclaimed-360.png` });
  await page.setViewportSize({ width: 390, height: 844 });

  // The SMS reaches the recipient's number, in Kiswahili, with the claim link.
  const sms = await readSms(page.context(), DEMO_SMS_URL, e164, /amekupa zawadi/);
  const link = /https?:\/\/\S+\/gift\/[A-Za-z0-9_-]{43}/.exec(sms)![0];
  expect(sms).toContain(title.length > 32 ? title.slice(0, 31) : title);

  // The recipient: a phone of their own, nobody signed in.
  const theirs = await browser.newContext(PHONE);
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(them.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(them.getByText(/sent to \+254 7•• ••• \d{3}/)).toBeVisible();
  await expectNoSidewaysScroll(them);
  await them.screenshot({ path: `${SHOTS}/gift-claim-visitor-390.png` });
  await them.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(them);
  await them.screenshot({ path: `${SHOTS}/gift-claim-visitor-360.png` });
  await them.setViewportSize({ width: 390, height: 844 });

  // Sign up with that number, in Kiswahili; the code comes by SMS; back to the gift.
  await them.getByRole('link', { name: 'Sign up with this number' }).click();
  await them.getByLabel('Full name').fill('Baraka Otieno');
  await them.getByLabel('Learn (Customer)').check();
  await them.getByLabel(PHONE_TEXT.language).selectOption('sw');
  await them.getByLabel(PHONE_TEXT.phoneLabel).pressSequentially(local);
  await them.getByRole('button', { name: PHONE_TEXT.sendCode }).click();
  const code = /\d{6}/.exec(await readSms(theirs, DEMO_SMS_URL, e164, /ni msimbo wako wa Darasa/))![0];
  await them.getByLabel(PHONE_TEXT.codeLabel).fill(code);
  await them.getByRole('button', { name: 'Create Account' }).click();
  await expect(them).toHaveURL(/\/gift\//, { timeout: 15_000 });
  await expect(them.locator('html')).toHaveAttribute('lang', 'sw');
  const claim = them.getByRole('button', { name: 'Iongeze kwenye kozi zangu' });
  await expect(claim).toBeVisible();
  await them.screenshot({ path: `${SHOTS}/gift-claim-sw-390.png` });
  await them.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(them);
  await them.screenshot({ path: `${SHOTS}/gift-claim-sw-360.png` });
  await them.setViewportSize({ width: 390, height: 844 });
  await claim.tap();

  // Theirs: the course page, lesson 2 plays.
  await expect(them).toHaveURL(/\/course\/[^/?]+/);
  const episode2 = them.locator('.episode').nth(1);
  await episode2.getByRole('link', { name: 'Cheza', exact: true }).tap();
  await expect(them).toHaveURL(/\/learn\/[^/]+\/2$/);
  await expect(them.locator('video')).toBeAttached();
  // The link, opened again, says the course is theirs.
  await them.goto(link);
  await expect(them.getByText('Kozi hii ni yako.')).toBeVisible();
  await theirs.close();

  // The buyer sees the gift claimed, and no "Resend SMS" any more.
  await page.goto('/customer/purchases');
  const gifts = page.getByRole('region', { name: 'Gifts you sent' });
  await expect(gifts.getByRole('heading', { name: title })).toBeVisible();
  await expect(gifts.getByText(/^Claimed/)).toBeVisible();
  await expect(gifts.getByRole('button', { name: 'Resend SMS' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/gift-purchases-390.png` });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/gift-purchases-360.png` });
});

test('the buyer of an unclaimed gift has it refunded to their M-Pesa, and its link stops working', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const local = freshNumber();
  await registerLearner(page, { first: 'Achieng' });
  const card = firstPaidCard(page);
  await card.locator('.card').click();
  await page.getByRole('button', { name: 'Give as a gift' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Their phone number').fill(`0${local}`);
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('heading', { name: 'Gift paid' })).toBeVisible({ timeout: 30_000 });
  const sms = await readSms(page.context(), DEMO_SMS_URL, `+254${local}`, /gift/);
  const link = /https?:\/\/\S+\/gift\/[A-Za-z0-9_-]{43}/.exec(sms)![0];

  // A reversal names the payment by its receipt number, which M-Pesa confirms shortly after (Transaction
  // Status); until then a refund is refused with "try again in a minute", so the buyer waits for it here.
  await expect(async () => {
    await page.goto('/customer/purchases');
    await expect(page.locator('li.receipt').first()).toBeVisible({ timeout: 2_000 });
    await expect(page.getByText('Confirmed by M-Pesa (receipt number on its way)')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  // In Kiswahili at 360 px: the refund asks first, with the amount, and nothing moves on "Acha zawadi".
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  const sent = page.getByRole('region', { name: 'Zawadi ulizotuma' });
  await sent.getByRole('button', { name: 'Nirejeshee kwenye M-Pesa yangu' }).tap();
  await expect(sent.getByText(/^Urejeshewe KES [\d,]+ kwenye nambari ya M-Pesa iliyolipa\?/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/gift-refund-confirm-360-sw.png` });
  await expectNoSidewaysScroll(page);
  await sent.getByRole('button', { name: 'Acha zawadi' }).tap();
  await expect(sent.getByRole('button', { name: 'Ndiyo, nirejeshee' })).toHaveCount(0);
  await sent.getByRole('button', { name: 'Nirejeshee kwenye M-Pesa yangu' }).tap();
  await sent.getByRole('button', { name: 'Ndiyo, nirejeshee' }).tap();
  await expect(sent.getByRole('status')).toHaveText(/^Umeomba kurejeshewa pesa\./);
  await expect(sent.getByRole('button', { name: 'Tuma SMS tena' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/gift-refund-requested-360-sw.png` });

  // The link says the gift was refunded, at once.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(
    them.getByText('This gift was refunded to the person who sent it, so it can no longer be claimed.'),
  ).toBeVisible();
  await theirs.close();

  // M-Pesa confirms the reversal by itself (the simulator): the gift is refunded.
  await expect(async () => {
    await page.reload();
    await expect(sent.locator('.gift-state')).toHaveText('Pesa zimerejeshwa', { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
});
