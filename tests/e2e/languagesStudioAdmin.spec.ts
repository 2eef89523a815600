// The studio and the admin in Kiswahili (issue 13, decision 0030): their words come from catalogues of their
// own, on the server's page and after a client-side navigation from a learner's page (the top bar's link);
// the switch brings back the product's exact English words. On a 390 px phone nothing scrolls sideways
// (the screenshots are kept with the test's results, to look at).
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from '#tests/e2e/hydration.ts';
import { signIn } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll } from '#tests/e2e/screens.ts';

/**
 * Signed in as a demo account, switched to Kiswahili with the top bar's switch (which saves it on the
 * account: every test here switches back to English before it ends, as the other specs expect).
 */
async function inKiswahili(page: Page, email: string) {
  await signIn(page, email);
  await page.goto('/');
  await page.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
}

async function backToEnglish(page: Page) {
  await page.locator('.topbar').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });

  test('the studio and the admin in Kiswahili do not scroll sideways', async ({ page }, testInfo) => {
    const shots: [email: string, [path: string, name: string][]][] = [
      [
        'creator@darasa.test',
        [
          ['/creator', 'studio-dashboard'],
          ['/creator/earnings', 'studio-earnings'],
        ],
      ],
      [
        'admin@darasa.test',
        [
          ['/admin', 'admin-overview'],
          ['/admin/users', 'admin-users'],
          ['/admin/payouts', 'admin-payouts'],
        ],
      ],
    ];
    for (const [email, paths] of shots) {
      await inKiswahili(page, email);
      for (const [path, name] of paths) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: testInfo.outputPath(`${name}-sw.png`), fullPage: true });
      }
      await backToEnglish(page);
      await page.context().clearCookies();
    }
  });
});

test('a creator sees the studio in Kiswahili, also after a client-side navigation, and in English after the switch', async ({
  page,
}) => {
  // A learner's page first: the studio's catalogue comes with the navigation into it.
  await inKiswahili(page, 'creator@darasa.test');
  await hydrated(page);
  await page.locator('.topbar-user').click();
  await expect(page).toHaveURL(/\/creator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashibodi ya Mkufunzi' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Kozi zako' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hariri Kozi' }).first()).toBeVisible();
  await expect(page).toHaveTitle('Dashibodi ya Mkufunzi — Darasa');

  // Server-rendered in Kiswahili too.
  await page.goto('/creator/earnings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { level: 1, name: 'Mapato' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Mipangilio ya malipo' })).toBeVisible();
  await expect(page.getByText('Yanayopatikana', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Mapato — Darasa');

  await page.goto('/creator');
  await page.getByRole('link', { name: 'Hariri Kozi' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hariri Kozi' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hifadhi Kozi' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Vipindi \(\d+\)$/ })).toBeVisible();

  // The switch: the same page in English, with today's words.
  await backToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Course' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^Episodes \(\d+\)$/ })).toBeVisible();
  await page.goto('/creator');
  await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Earnings' })).toBeVisible();
  await expect(page).toHaveTitle('Creator Dashboard — Darasa');
});

test('an admin sees the admin in Kiswahili, and in English after the switch', async ({ page }) => {
  await inKiswahili(page, 'admin@darasa.test');
  await hydrated(page);
  await page.locator('.topbar-user').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashibodi ya Msimamizi' })).toBeVisible();
  await expect(page.getByText('Wanunuzi', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Sehemu za msimamizi' }).getByRole('link', { name: 'Watumiaji' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Watumiaji' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Panga kwa' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Nafasi' })).toBeVisible();
  await expect(page).toHaveTitle('Watumiaji — Msimamizi — Darasa');

  await page.goto('/admin/payouts');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { level: 2, name: 'Malipo' })).toBeVisible();

  await backToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Payouts' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
  await expect(page).toHaveTitle('Payouts — Admin — Darasa');
});
