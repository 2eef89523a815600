// "Share" on a phone (issue 27): headless Chromium has no share sheet, so the menu (WhatsApp, Copy link);
// with a share sheet stood in for, the sheet gets the page's canonical link. The page is opened by another
// host name than PUBLIC_URL's and with a query and hash: none of that may travel with the shared link.
import { expect, type Page, test } from '@playwright/test';
import { HYDRATED } from '#common/deferredHydration.ts';
import { FREE_COURSE, openCourse } from '#tests/e2e/courses.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';
import { DEMO_PORT, DEMO_URL } from '#tests/e2e/urls.ts';

test.use({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });

const OTHER_HOST = `http://127.0.0.1:${DEMO_PORT}`;
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

test('Share: WhatsApp and Copy link without a share sheet, the share sheet where there is one, in Kiswahili at 360 px', async ({
  page,
  context,
}, testInfo) => {
  const courseId = await openCourse(page, FREE_COURSE);
  const canonical = `${DEMO_URL}/course/${courseId}`;

  // Tapped before React is attached (its scripts held back): the press is held, and once hydrated the menu opens.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${OTHER_HOST}/course/${courseId}?ref=private#secret`, { waitUntil: 'domcontentloaded' });
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await share.tap();
  expect(await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], HYDRATED)).toBeFalsy();
  release();
  const whatsApp = page.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(whatsApp).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`${FREE_COURSE} ${canonical}`)}`,
  );
  await expect(whatsApp).toHaveAttribute('target', '_blank');
  await expect(whatsApp).toHaveAttribute('rel', /noopener/);
  await page.getByRole('button', { name: 'Copy link' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await clipboard(page)).toBe(canonical);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('share-menu.png') });
  await page.keyboard.press('Escape');
  await expect(whatsApp).toBeHidden();
  await expect(share).toBeFocused();

  // A phone's share sheet (stood in for): the creator page's canonical link, no menu.
  const creatorPath = await page.locator('.hero-creator a').first().getAttribute('href');
  await page.addInitScript(() => {
    const w = window as unknown as { shared: ShareData[] };
    w.shared = [];
    navigator.share = async (data) => void w.shared.push(data ?? {});
  });
  await page.goto(`${OTHER_HOST}${creatorPath}?page=1`);
  const name = await page.getByRole('heading', { level: 1 }).textContent();
  await page.getByRole('button', { name: 'Share', exact: true }).tap();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
    .toEqual([{ title: name, text: expect.stringMatching(/ on Darasa\.$/), url: `${DEMO_URL}${creatorPath}` }]);
  await expect(page.getByRole('link', { name: 'Share on WhatsApp' })).toBeHidden();

  // Kiswahili on a 360 px phone, then 320 px: the menu fits.
  const phone = await context.browser()!.newContext({ ...PHONE, viewport: { width: 360, height: 740 } });
  await phone.grantPermissions(['clipboard-read', 'clipboard-write']);
  await phone.addCookies([{ name: 'darasa_lang', value: 'sw', url: DEMO_URL }]);
  const sw = await phone.newPage();
  await sw.goto(canonical);
  await sw.getByRole('button', { name: 'Shiriki', exact: true }).tap();
  await expect(sw.getByRole('link', { name: 'Shiriki kwenye WhatsApp' })).toBeVisible();
  await sw.getByRole('button', { name: 'Nakili kiungo' }).tap();
  await expect(sw.getByRole('status').filter({ hasText: 'Kiungo kimenakiliwa' })).toBeVisible();
  expect(await clipboard(sw)).toBe(canonical);
  await expectNoSidewaysScroll(sw);
  await sw.screenshot({ path: testInfo.outputPath('share-sw-360.png') });
  await sw.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(sw);
  await sw.screenshot({ path: testInfo.outputPath('share-sw-320.png'), fullPage: true });
  await phone.close();
});
