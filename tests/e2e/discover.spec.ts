// Finding courses: search that forgives typos (with suggestions and filters), category and creator pages,
// free courses, admin publishing both ways on a phone. Screenshots at 390×844 (DPR 3) and desktop size go to
// the test's output folder. What crawlers fetch (robots.txt, sitemap.xml) is tested over HTTP
// (tests/integration/discovery.test.ts).
import { expect, test, type Page } from '@playwright/test';
import { signedIn } from '#tests/e2e/people.ts';
import { PHONE } from '#tests/e2e/screens.ts';
import { DEMO_COURSES } from '#server/seed/demoCatalog.ts';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const KITCHEN = DEMO_COURSES.find((c) => c.title.includes('Chapati'))!;
const FREE = DEMO_COURSES.find((c) => c.price === 0)!;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

for (const [size, options] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`search on a ${size}: suggestions by keyboard, a typo, filters and sort`, async ({ browser }) => {
    const page = await (await browser.newContext(options)).newPage();
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search courses' });
    await box.click();
    await box.pressSequentially('chapatti', { delay: 30 });
    const option = page.getByRole('option', { name: new RegExp(KITCHEN.title.slice(0, 20)) });
    await expect(option).toBeVisible();
    await shot(page, `search-suggestions-${size}`);
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /search-suggestions-0/);
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: KITCHEN.title })).toBeVisible();

    // A typo, submitted: the search page finds Python courses.
    await page.goto('/search?q=pythn');
    await expect(page.getByRole('status')).toHaveText(/\d+ courses? found/);
    await expect(page.getByRole('link', { name: /Python/ }).first()).toBeVisible();
    // "mpesa" finds the M-Pesa course.
    await page.goto('/search?q=mpesa');
    await expect(page.getByRole('link', { name: /M-Pesa/ }).first()).toBeVisible();

    // Filters: only free courses, then a category sorted by price.
    await page.goto('/search');
    await page.getByText('Filters and sort').click();
    await page.getByRole('combobox', { name: /^Price/ }).selectOption('free');
    await page.getByRole('button', { name: 'Show courses' }).click();
    await expect(page).toHaveURL(/price=free/);
    await expect(page.getByRole('link', { name: new RegExp(FREE.title.slice(0, 15)) })).toBeVisible();
    await expect(page.locator('.card .price').filter({ hasNotText: 'Free' })).toHaveCount(0);
    await page.getByRole('combobox', { name: /^Price/ }).selectOption('');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption('technology');
    await page.getByRole('combobox', { name: /^Sort by/ }).selectOption('price');
    await page.getByRole('button', { name: 'Show courses' }).click();
    await expect(page).toHaveURL(/category=technology/);
    const prices = await page.locator('.card .price').allTextContents();
    expect(prices.length).toBeGreaterThan(1);
    const amounts = prices.map((p) => (p === 'Free' ? 0 : Number(p.replace(/\D/g, ''))));
    expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    await shot(page, `search-filters-${size}`);
    await page.context().close();
  });

  test(`category and creator pages on a ${size}, reached from a course page`, async ({ browser }) => {
    const page = await (await browser.newContext(options)).newPage();
    await page.goto('/');
    await page.getByRole('link', { name: KITCHEN.title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: KITCHEN.title })).toBeVisible();
    await page.getByRole('link', { name: 'Lifestyle' }).click();
    await expect(page).toHaveURL(/\/category\/lifestyle$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lifestyle' })).toBeVisible();
    await expect(page.getByRole('link', { name: KITCHEN.title })).toBeVisible();
    await shot(page, `category-${size}`);

    await page.goto('/category/creative-arts');
    await expect(page.getByRole('heading', { level: 1, name: 'Creative Arts' })).toBeVisible();
    await page
      .getByRole('link')
      .filter({ has: page.getByRole('heading', { level: 3 }) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/course\//);
    const creatorName = (await page.locator('.hero-creator a').first().textContent())!;
    await page.locator('.hero-creator a').first().click();
    await expect(page).toHaveURL(/\/creators\//);
    await expect(page.getByRole('heading', { level: 1, name: creatorName })).toBeVisible();
    await expect(page.getByText(/\d+ courses?$/)).toBeVisible();
    await expect(page.getByText(/[\d,]+ students?$/)).toBeVisible();
    await expect(page.locator('.card').first()).toBeVisible();
    await shot(page, `creator-${size}`);

    // Unknown ones are real not-found pages.
    expect((await page.goto('/category/astrology'))?.status()).toBe(404);
    expect((await page.goto('/creators/nobody123'))?.status()).toBe(404);
    await page.context().close();
  });
}

test('a free course says Free and Enroll for free, never KES 0 or Purchase Course', async ({ page, browser }) => {
  await page.goto('/search?price=free');
  const card = page.getByRole('link', { name: new RegExp(FREE.title.slice(0, 15)) });
  await expect(card.getByText('Free', { exact: true })).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: FREE.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enroll for free' })).toBeVisible();
  await expect(page.locator('.price-box .price')).toHaveText('Free');
  await expect(page.getByText('KES 0')).toHaveCount(0);
  await expect(page.getByText('Purchase Course')).toHaveCount(0);
  // Its free preview offers to enroll, not to purchase.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByRole('link', { name: 'Enroll for free' })).toBeVisible();
  await expect(preview.getByText('Purchase Full Course')).toHaveCount(0);
  await shot(page, 'free-preview-desktop');
  await preview.getByRole('button', { name: 'Close Preview' }).click();

  // The admin's course list and the creator's studio say Free too.
  for (const [email, path] of [
    ['admin@darasa.test', `/admin/courses?q=${encodeURIComponent(FREE.title.slice(0, 12))}`],
    ['amina@darasa.test', '/creator'],
  ] as const) {
    const signed = await signedIn(browser, email);
    await signed.goto(path);
    const listed = signed.locator('tr, .studio-course').filter({ hasText: FREE.title });
    await expect(listed.getByText(/^Free/)).toBeVisible();
    await expect(listed.getByText(/KES 0/)).toHaveCount(0);
    await signed.context().close();
  }
});

test('on a phone, admin course rows are cards with their buttons in view; unpublish and publish again', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'admin@darasa.test', PHONE);
  admin.on('dialog', (d) => void d.accept());
  const title = DEMO_COURSES[1]!.title;
  await admin.goto(`/admin/courses?q=${encodeURIComponent(title.slice(0, 12))}`);
  const row = admin.locator(`tr[data-course-title="${title}"]`);
  const unpublish = row.getByRole('button', { name: 'Unpublish' });
  // Down to the card (how far depends on the top bar), then its buttons sit in view, not off to a side.
  await row.scrollIntoViewIfNeeded();
  await expect(unpublish).toBeInViewport();
  // No sideways scroll anywhere on the page.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(admin, 'admin-courses-phone');
  await unpublish.click();
  await expect(row.getByText('draft', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'Publish' }).click();
  await expect(row.getByText('published', { exact: true })).toBeVisible();
  await admin.goto('/');
  await expect(admin.getByText(title).first()).toBeAttached();
  await admin.context().close();
});
