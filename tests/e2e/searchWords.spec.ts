// Search that understands Kenyans (decision 0049), on phones in English and Kiswahili: "maths" finds KCSE
// Mathematics, a Kiswahili subject word finds its category, and a search that finds nothing offers the
// nearest categories. An admin adds a synonym on a phone and a search uses it at once. Screenshots of each
// go to the test's output folder.
import { expect, test, type Page } from '@playwright/test';
import { signedIn } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';

const SMALL_PHONE = { ...PHONE, viewport: { width: 360, height: 740 } };

async function shot(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

const WORDS = {
  en: { found: /\d+ courses? found/, try: 'Try a category', business: 'Business' },
  sw: { found: /Kozi \d+ (imepatikana|zimepatikana)/, try: 'Jaribu kundi', business: 'Biashara' },
} as const;

for (const [screen, options] of [
  ['390', PHONE],
  ['360', SMALL_PHONE],
] as const) {
  for (const lang of ['en', 'sw'] as const) {
    test(`search words on a ${screen} px phone in ${lang}: maths, mpesa, a Kiswahili subject, nearest categories`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext(options);
      await context.addCookies([{ name: 'darasa_lang', value: lang, url: baseURL! }]);
      const page = await context.newPage();
      const words = WORDS[lang];

      await page.goto('/search?q=kcse+maths');
      await expect(page.getByRole('status')).toHaveText(words.found);
      await expect(page.getByRole('link', { name: /KCSE Mathematics/ }).first()).toBeVisible();
      await shot(page, `search-maths-${screen}-${lang}`);

      await page.goto('/search?q=M+Pesa');
      await expect(page.getByRole('link', { name: /Bookkeeping with M-Pesa/ }).first()).toBeVisible();
      await page.goto('/search?q=biashara');
      await expect(page.getByRole('link', { name: /Starting a Mitumba Business/ }).first()).toBeVisible();

      await page.goto('/search?q=biashra');
      const offered = page.getByRole('navigation', { name: words.try });
      await expect(offered.getByRole('link', { name: words.business })).toBeVisible();
      await shot(page, `search-none-${screen}-${lang}`);
      await offered.getByRole('link', { name: words.business }).click();
      await expect(page).toHaveURL(/\/category\/business$/);
      await context.close();
    });
  }
}

test('an admin adds a search synonym on a phone; the search uses it at once; removing it undoes that', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'admin@darasa.test', PHONE);
  await admin.goto('/admin/search');
  await admin.getByLabel('Word people search with').fill('chakula');
  await admin.getByLabel('Means (separate with commas)').fill('meals, kitchen');
  await admin.getByRole('button', { name: 'Add synonym' }).click();
  await expect(admin.getByRole('status')).toHaveText('Synonym added.');
  const row = admin.getByRole('row', { name: /chakula/ });
  await expect(row).toContainText('meals, kitchen');
  await shot(admin, 'admin-search-synonyms-390-en');

  await admin.goto('/search?q=chakula');
  await expect(admin.getByRole('link', { name: /Healthy Kenyan Meals/ }).first()).toBeVisible();

  await admin.goto('/admin/search');
  await admin
    .getByRole('row', { name: /chakula/ })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(admin.getByRole('row', { name: /chakula/ })).toHaveCount(0);
  await admin.goto('/search?q=chakula');
  await expect(admin.getByRole('navigation', { name: 'Try a category' })).toBeVisible();
});
