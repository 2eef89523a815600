// Forms on a phone (390×844, DPR 3, touch), as a learner or creator really fills them: a number pasted into
// the sign-up phone field in any Kenyan form keeps all its digits and is stored in E.164; Save pressed while
// the course thumbnail is still uploading waits for it and the saved course has the thumbnail.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { firstPaidCard } from '#tests/e2e/courses.ts';
import { hydrated } from '#tests/e2e/hydration.ts';
import { PASSWORD, registerCreator, unique } from '#tests/e2e/people.ts';
import { enterSignUpCode } from '#tests/e2e/outbox.ts';
import { PHONE } from '#tests/e2e/screens.ts';

test.use(PHONE);

const PASTED = ['0722000111', '+254 722 000 111', '254722000111', '0722 000 111', '+254722000111', '722000111'];

/** A real paste: the text on the clipboard, then Ctrl+V in the field (tapped first, as a thumb would). */
async function paste(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.tap();
  await page.keyboard.press('ControlOrMeta+V');
}

test('a number pasted in any Kenyan form keeps all its digits and signs up in E.164', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/register');
  const phone = page.getByLabel('Phone (M-Pesa)');
  for (const text of PASTED) {
    await phone.fill(''); // back to "+254 "
    await expect(phone).toHaveValue('+254 ');
    await paste(page, phone, text);
    await expect(phone, `pasting ${text}`).toHaveValue('+254 722000111');
  }
  // Pasting over a number already typed replaces it instead of mixing the two.
  await phone.fill('');
  await phone.pressSequentially('712');
  await paste(page, phone, '+254 722 000 111');
  await expect(phone).toHaveValue('+254 722000111');

  const email = `akinyi.${unique()}@example.com`;
  await page.getByLabel('Full name').fill(`Akinyi ${unique()}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Learn (Customer)').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await enterSignUpCode(page, email);
  await expect(page).toHaveURL(/\/customer$/, { timeout: 15_000 });
  // The purchase form is prefilled from the stored number, which it shows only when it is E.164 (+2547…).
  await firstPaidCard(page).getByRole('button', { name: 'Purchase Course' }).click();
  await expect(page.getByRole('dialog').getByLabel('M-Pesa phone number')).toHaveValue('+254 722 000 111');
});

test('digits typed before the page has come alive stay in the phone field', async ({ page }) => {
  // The sign-up page's code arrives late, as on a slow connection: the learner types meanwhile.
  let release = () => {};
  const late = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/register-[^/]+\.js$/, async (route) => {
    await late;
    await route.continue();
  });
  // Not waiting for "load": the late code holds it back, and the page is readable long before.
  await page.goto('/register', { waitUntil: 'domcontentloaded' });
  const phone = page.getByLabel('Phone (M-Pesa)');
  await phone.tap();
  await phone.press('End');
  await phone.pressSequentially('722000111');
  await expect(phone).toHaveValue('+254 722000111');
  release();
  await hydrated(page);
  await expect(phone).toHaveValue('+254 722000111');
  // And it is a live field now: the next digit is refused (nine at most), a backspace edits it.
  await phone.press('Backspace');
  await expect(phone).toHaveValue('+254 72200011');
});

test('Save pressed while the thumbnail uploads waits for it; the saved course has the thumbnail', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // Noise does not compress: about 1.4 MB of PNG, several seconds on the throttled uplink below.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-phone-forms-'));
  const thumb = path.join(dir, 'noisy-cover.png');
  await sharp(randomBytes(800 * 600 * 3), { raw: { width: 800, height: 600, channels: 3 } })
    .png()
    .toFile(thumb);

  await registerCreator(page, { first: 'Baraka' });

  await page.goto('/creator/course/new');
  const title = `Kilimo cha Mboga ${unique()}`;
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Description *').fill('Growing vegetables on a small plot.');
  await page.getByLabel('Category *').selectOption('lifestyle');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 1e6,
    uploadThroughput: 250_000, // bytes per second
  });
  await page.getByLabel('Thumbnail', { exact: true }).setInputFiles(thumb);
  await expect(page.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await page.getByRole('button', { name: 'Save Course' }).tap();
  await expect(page.getByRole('button', { name: 'Waiting for upload to finish…' })).toBeDisabled();
  await expect(page.getByRole('status')).toHaveText(/^Waiting for upload to finish… Thumbnail \d+%$/);
  await test.info().attach('Save waiting for the upload, on a phone', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  await expect(page.getByRole('status').filter({ hasText: 'Course saved successfully!' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/creator\/course\/[0-9A-Za-z]+$/);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.reload();
  await expect(page.getByLabel('Title *', { exact: true })).toHaveValue(title);
  const field = page.locator('.upload-field').filter({ hasText: 'Thumbnail' });
  await expect(field.getByText('noisy-cover.png')).toBeVisible();
  await expect(field.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible();
  fs.rmSync(dir, { recursive: true, force: true });
});
