// Pay by Paybill in the browser: the learner's prompt never arrives (an unscripted number: the simulator
// waits for a person who never answers). The modal offers Paybill only once the prompt has waited
// PAYBILL_OFFER_AFTER_S (45 s, decision 0040), never beside a fresh prompt; the learner then pays by Paybill
// on the simulator's phone page (on the simulator's own port) with the business and account numbers the
// modal shows, and gets access. After a cancelled prompt, "Pay by Paybill instead" starts a purchase that
// sends no prompt and shows its Paybill numbers at once; paid on the simulator's page, it grants access.
// Also: the security headers on a page, its .data, a cached page and a built asset, and no CSP violation in
// the console.
import { expect, test, type Page } from '@playwright/test';
import { firstPaidCard } from '#tests/e2e/courses.ts';
import { registerLearner } from '#tests/e2e/people.ts';
import { missingSecurityHeaders } from '#tests/support/securityHeaders.ts';
import { PAYBILL_OFFER_AFTER_S } from '#server/modules/payments/paymentView.ts';
import { DEMO_MPESA_URL } from './urls.ts';

/** On the simulator's phone page: Lipa na M-Pesa → Paybill with the numbers the modal showed. */
async function payByPaybill(
  phone: Page,
  { business, account, price }: { business: string; account: string; price: number },
) {
  await phone.goto(`${DEMO_MPESA_URL}/__mpesa`);
  await phone.getByRole('link', { name: 'Pay by Paybill' }).click();
  await phone.getByLabel('Business number').fill(business);
  await phone.getByLabel('Account number').fill(account);
  await phone.getByLabel('Amount').fill(String(price));
  await phone.getByRole('button', { name: 'Send' }).click();
  await expect(phone.getByText(`account ${account}`)).toContainText('paid');
}
test('a learner whose prompt never arrives pays by Paybill and gets access', async ({ page, context }) => {
  // The offer comes after the prompt has waited its 45 s.
  test.setTimeout(60_000 + PAYBILL_OFFER_AFTER_S * 1000);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  // An unscripted number (prefilled in the purchase form): the simulator never answers its prompt.
  await registerLearner(page, { first: 'Otieno', phone: '711222333' });
  const card = firstPaidCard(page);
  const price = Number((await card.locator('.price').textContent())!.replace(/\D/g, ''));
  await card.getByRole('button', { name: 'Purchase Course' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  const paybill = dialog.locator('.purchase-paybill');
  // Not beside the fresh prompt: paying both ways would take the money twice.
  await expect(dialog.getByText(/\d:\d\d left/)).toBeVisible();
  await expect(paybill).toHaveCount(0);
  await expect(paybill).toContainText('Lipa na M-Pesa → Paybill, business number', {
    timeout: (PAYBILL_OFFER_AFTER_S + 15) * 1000,
  });
  await expect(paybill).toContainText('the second payment is returned to your M-Pesa automatically');
  await expect(dialog.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  const [business, account] = await paybill.locator('strong').allTextContents();
  expect(account).toMatch(/^\d{7}$/);
  await page.screenshot({ path: 'test-results/paybill-modal.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/paybill-modal-phone.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/paybill-modal-small-phone.png' });

  await payByPaybill(await context.newPage(), { business: business!, account: account!, price });

  await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('link', { name: 'Start watching' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('after a cancelled M-Pesa prompt the learner pays by Paybill instead, without a new prompt, and gets access', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // An unscripted number of this run's own: the prompt waits on the simulator's phone page for a person.
  const digits = `7112${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
  await registerLearner(page, { first: 'Wanjiru', phone: digits });
  const card = firstPaidCard(page);
  const price = Number((await card.locator('.price').textContent())!.replace(/\D/g, ''));
  await card.getByRole('button', { name: 'Purchase Course' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await expect(dialog.getByRole('heading', { name: 'Check your phone' })).toBeVisible();

  // The phone: the learner cancels the prompt.
  const phone = await context.newPage();
  await phone.goto(`${DEMO_MPESA_URL}/__mpesa`);
  const prompt = phone.getByRole('listitem').filter({ hasText: `254${digits}` });
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused();
  // Nothing of Paybill is shown for the cancelled prompt itself: validation would refuse its account.
  await expect(dialog.locator('.purchase-paybill')).toHaveCount(0);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/paybill-instead-cancelled-360.png' });

  // By keyboard: the next control after "Try again".
  await page.keyboard.press('Tab');
  const instead = dialog.getByRole('button', { name: 'Pay by Paybill instead' });
  await expect(instead).toBeFocused();
  const prompts = await phone.request.get(`${DEMO_MPESA_URL}/__mpesa`);
  const promptsBefore = ((await prompts.text()).match(new RegExp(`254${digits}`, 'g')) ?? []).length;
  await page.keyboard.press('Enter');

  await expect(dialog.getByRole('heading', { name: 'Pay by Paybill' })).toBeVisible();
  const paybill = dialog.locator('.purchase-paybill');
  await expect(paybill).toContainText('Lipa na M-Pesa → Paybill, business number');
  await expect(paybill).toContainText('the second payment is returned to your M-Pesa automatically');
  await expect(dialog.getByText(/\d:\d\d left/)).toBeVisible();
  const [business, account] = await paybill.locator('strong').allTextContents();
  expect(account).toMatch(/^\d{7}$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/paybill-instead-390x844.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/paybill-instead-360x740.png' });
  // No second prompt went to the phone.
  const after = await (await phone.request.get(`${DEMO_MPESA_URL}/__mpesa`)).text();
  expect((after.match(new RegExp(`254${digits}`, 'g')) ?? []).length).toBe(promptsBefore);

  await payByPaybill(phone, { business: business!, account: account!, price });

  await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/paybill-instead-paid-360x740.png' });
  await dialog.getByRole('link', { name: 'Start watching' }).click();
  await expect(page).toHaveURL(/\/learn\/[^/]+\/1/);
  await expect(page.locator('video')).toBeAttached();
});

test('pages, their data, cached pages and assets carry the security headers', async ({ request, page }) => {
  const first = await request.get('/');
  const html = await first.text();
  const again = await request.get('/');
  const data = await request.get('/_root.data');
  // A cached visitor page names its scripts only in the deferred loader's list (server/http/deferHydration.ts).
  const asset = /"(\/assets\/[^"]+\.js)"/.exec(html);
  expect(asset, 'the page names its scripts').not.toBeNull();
  const assetRes = await request.get(asset![1]!);
  for (const res of [first, again, data, assetRes]) {
    expect(missingSecurityHeaders(new Headers(res.headers())), res.url()).toEqual([]);
  }
  expect(again.headers()['x-cache']).toBe('hit');
  // A visitor's page is shared through the cache: its policy names its scripts by hash, never a nonce
  // (decision 0043; tests/e2e/cachedPageCsp.spec.ts).
  expect(first.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(html).toContain('<script');
  // The app runs under its policy: hydrated and navigable without violations.
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
