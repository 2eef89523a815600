// Bundles in the browser (issue 27, decision 0063), on a phone (390 px, touch, dpr 3), against the M-Pesa
// simulator the server runs beside it: the demo creator makes a bundle of two of their courses in the studio
// (a price not lower than the courses together is refused and nothing is saved); a new learner, in English
// and in Kiswahili, finds it in "Part of a bundle" on a course page, buys it with M-Pesa and then owns each
// course; the bundle shows on the creator's page.
import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signedIn, unique } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from './screens.ts';

test.use(PHONE);
const SHOTS = process.env.E2E_OUTPUT_DIR ?? 'test-results';

async function shots(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/bundle-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/bundle-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

let bundle: { url: string; title: string; courses: string[] };

test.describe
  .serial('bundles', () => {
    test('the creator makes a bundle of two of their courses in the studio', async ({ browser }) => {
      const page = await signedIn(browser, 'creator@darasa.test', PHONE);
      await page.goto('/creator');
      await page.getByRole('link', { name: 'Bundles' }).tap();
      await expect(page.getByRole('heading', { level: 1, name: 'Bundles' })).toBeVisible();
      const title = `Starter pack ${unique()}`;
      const form = page.locator('form.bundle-form').first();
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Description').fill('Two courses that work well together.');
      const boxes = form.getByRole('checkbox');
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      const courses = [
        (await form.locator('.bundle-course-title').nth(0).textContent())!,
        (await form.locator('.bundle-course-title').nth(1).textContent())!,
      ];
      const together = Number((await form.getByText(/One by one they cost/).textContent())!.replace(/[^0-9]/g, ''));
      // Not lower than the courses together: refused, nothing saved.
      await form.getByLabel('Bundle price (KES)').fill(String(together));
      await form.getByRole('button', { name: 'Save bundle' }).tap();
      await expect(page.getByRole('alert')).toHaveText('The bundle price must be lower than its courses together.');
      await expect(page.locator('.studio-bundles').getByText(title)).toHaveCount(0);
      await shots(page, 'studio-refused');

      const again = page.locator('form.bundle-form').first();
      await again.getByLabel('Bundle price (KES)').fill(String(Math.floor(together * 0.7)));
      await again.getByRole('button', { name: 'Save bundle' }).tap();
      await expect(page.getByRole('status')).toHaveText('Bundle saved.');
      const link = page.locator('.studio-bundles').getByRole('link', { name: title });
      await expect(link).toBeVisible();
      await shots(page, 'studio');
      bundle = { url: (await link.getAttribute('href'))!, title, courses };
      await page.context().close();
    });

    for (const lang of ['en', 'sw'] as const) {
      test(`a new learner buys it with M-Pesa (${lang}) and owns each course`, async ({ page }) => {
        test.setTimeout(120_000);
        const words =
          lang === 'en'
            ? {
                partOf: 'Part of a bundle',
                buy: 'Buy bundle',
                pay: 'Pay with M-Pesa',
                paid: 'Payment received',
                close: 'Close',
                allOwned: 'You own every course in this bundle.',
                purchased: 'Purchased',
              }
            : {
                partOf: 'Sehemu ya kifurushi',
                buy: 'Nunua kifurushi',
                pay: 'Lipa kwa M-Pesa',
                paid: 'Malipo yamepokelewa',
                close: 'Funga',
                allOwned: 'Unamiliki kila kozi ya kifurushi hiki.',
                purchased: 'Imenunuliwa',
              };
        await registerLearner(page, { first: lang === 'en' ? 'Akinyi' : 'Juma' });
        if (lang === 'sw') {
          await page.goto('/');
          await page.getByRole('button', { name: 'Kiswahili' }).click();
          await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
        }
        // The course page says it is part of a bundle.
        await page.goto(`/search?q=${encodeURIComponent(bundle.courses[0]!)}`);
        await page.locator('.card', { hasText: bundle.courses[0]! }).first().tap();
        await expect(page.getByRole('heading', { level: 1, name: bundle.courses[0]! })).toBeVisible();
        const box = page.getByRole('region', { name: words.partOf });
        await box.getByRole('link', { name: new RegExp(bundle.title) }).tap();

        await expect(page.getByRole('heading', { level: 1, name: bundle.title })).toBeVisible();
        for (const c of bundle.courses) await expect(page.locator('.card-title', { hasText: c })).toBeVisible();
        await shots(page, `page-${lang}`);
        await page.getByRole('button', { name: words.buy }).tap();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('heading', { name: bundle.title })).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/bundle-modal-${lang}-390.png` });
        await dialog.getByRole('button', { name: words.pay }).tap();
        await expect(dialog.getByRole('heading', { name: words.paid })).toBeVisible({ timeout: 30_000 });
        await page.screenshot({ path: `${SHOTS}/bundle-paid-${lang}-390.png` });
        await dialog.getByRole('button', { name: words.close }).tap();
        await expect(page.getByText(words.allOwned)).toBeVisible();
        await expect(page.locator('.bundle-card .purchased-badge')).toHaveCount(bundle.courses.length);
        await shots(page, `owned-${lang}`);

        // Each course is theirs: its page says so.
        for (const c of bundle.courses) {
          await page.locator('.bundle-card', { hasText: c }).locator('.card').tap();
          await expect(page.getByRole('heading', { level: 1, name: c })).toBeVisible();
          await expect(page.locator('.purchased-badge').first()).toHaveText(words.purchased);
          await page.goBack();
        }
      });
    }

    test('the bundle is on its creator’s page', async ({ page }) => {
      await page.goto(bundle.url);
      await page.getByRole('link', { name: 'Wanjiru Kamau', exact: true }).tap();
      await expect(
        page.getByRole('region', { name: 'Bundles' }).getByRole('link', { name: new RegExp(bundle.title) }),
      ).toBeVisible();
      await shots(page, 'creator-page');
    });
  });
