// Kiswahili and English (issue 13, decision 0030): the language a page comes in (Accept-Language, the
// switch's cookie, a signed-in person's setting), the switch with and without JavaScript, and longer words
// (the pseudo-locale, ~40 % longer than English) breaking no layout on a 360 px phone.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hydrated } from '#tests/e2e/hydration.ts';
import { PASSWORD, registerLearner, unique } from '#tests/e2e/people.ts';
import { enterSignUpCode, newestEmailTo } from '#tests/e2e/outbox.ts';
import { expectNoSidewaysScroll } from '#tests/e2e/screens.ts';
import { DEMO_COURSES } from '#server/seed/demoCatalog.ts';

const DEMO = DEMO_COURSES.at(-1)!;
// Chromium sends Accept-Language from its locale (an extra header would be overridden).
const SWAHILI = { locale: 'sw-KE' };

/** Signs a new learner up on the Kiswahili sign-up form (the account keeps Kiswahili). */
async function signUpInSwahili(page: Page) {
  const email = `wanjiru.${unique()}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Jina kamili').fill(`Wanjiru ${unique()}`);
  await page.getByLabel('Barua pepe').fill(email);
  await page.getByLabel('Nenosiri').fill(PASSWORD);
  await page.getByLabel('Simu (M-Pesa)').pressSequentially('708374149');
  await page.getByLabel('Kujifunza (Mwanafunzi)').check();
  await page.getByRole('button', { name: 'Fungua Akaunti' }).click();
  // The code step in Kiswahili, and the code e-mailed in Kiswahili too.
  await expect(page.getByRole('heading', { name: 'Weka msimbo' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`Tumetuma msimbo wa tarakimu 6 kwa ${email}`);
  await expect(page.getByRole('button', { name: 'Badilisha barua pepe' })).toBeVisible();
  await expect.poll(() => newestEmailTo(page.url(), email) ?? '').toContain('Msimbo wako wa kujisajili Darasa');
  await enterSignUpCode(page, email, 'Fungua Akaunti');
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 });
}

async function openDemoCourse(page: Page) {
  await page.goto(`/search?q=${encodeURIComponent(DEMO.title)}`);
  await page.getByRole('link').filter({ hasText: DEMO.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO.title })).toBeVisible();
}

test.describe('a visitor whose browser asks for Kiswahili', () => {
  test.use(SWAHILI);

  test('sees the landing page, a course page and the purchase modal in Kiswahili, then switches to English', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page).toHaveTitle('Darasa — jifunze kutoka kwa wakufunzi wa Kiafrika');
    await expect(page.getByRole('heading', { level: 2, name: 'Zinazovuma Sasa' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Biashara' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tazama Kozi' })).toBeVisible();
    await expect(page.locator('.topbar').getByRole('link', { name: 'Ingia' })).toBeVisible();

    await openDemoCourse(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Vipindi' })).toBeVisible();
    await expect(page.getByText('Malipo ya mara moja • Ni yako milele')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tazama bure' })).toBeVisible();
    await expect(page.getByText(/^vipindi \d+$/)).toBeVisible();
    await expect(page.getByText('KES 2,000', { exact: true })).toBeVisible();
    const coursePath = new URL(page.url()).pathname;

    // Sign-up in Kiswahili: the account keeps the language of the page it was made on.
    await signUpInSwahili(page);

    await page.goto(coursePath);
    await hydrated(page);
    await page.getByRole('button', { name: 'Nunua Kozi' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Malipo ya mara moja • Ni yako milele')).toBeVisible();
    await dialog.getByLabel('Nambari ya simu ya M-Pesa').fill('0708 374 149');
    await dialog.getByRole('button', { name: 'Lipa kwa M-Pesa' }).click();
    await expect(dialog.getByRole('heading', { name: 'Angalia simu yako' })).toBeVisible();
    await expect(dialog.getByText(/^Zimebaki \d:\d\d$/)).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Malipo yamepokelewa' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Anza kutazama' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Funga' }).click();
    await expect(page.getByText('Imenunuliwa')).toBeVisible();

    // The switch: the same page in English, with the product's exact words.
    await page.locator('.topbar').getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`${coursePath}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 2, name: 'Episodes' })).toBeVisible();
    await expect(page.getByText('Purchased')).toBeVisible();
    await expect(page.getByText('One-time payment • Lifetime access')).toBeVisible();
    await expect(page.locator('.topbar').getByRole('button', { name: 'Sign Out' })).toBeVisible();

    // Signed out, the cookie the switch set still wins over the browser's Kiswahili.
    await page.locator('.topbar').getByRole('button', { name: 'Sign Out' }).click();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Trending Now' })).toBeVisible();
    await expect(page.locator('.topbar').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});

test.describe('a learner whose browser asks for Kiswahili', () => {
  test.use(SWAHILI);

  test('sees the downloads page, account settings and the forgotten-password page in Kiswahili', async ({ page }) => {
    await signUpInSwahili(page);

    await page.goto('/downloads');
    await expect(page).toHaveTitle('Vipakuliwa — Darasa');
    await expect(page.getByRole('heading', { level: 1, name: 'Vipakuliwa' })).toBeVisible();
    await expect(page.getByText(/^Bado huna vipakuliwa\./)).toBeVisible();

    await page.goto('/account');
    await expect(page).toHaveTitle('Mipangilio ya akaunti — Darasa');
    await expect(page.getByRole('heading', { level: 1, name: 'Mipangilio ya akaunti' })).toBeVisible();
    await expect(page.getByText(/^Umeingia kama /)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pakua data yangu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Futa akaunti yangu' })).toBeVisible();
    await page.getByLabel('Nenosiri lako').fill('si-hili');
    await page.getByRole('button', { name: 'Futa akaunti yangu' }).click();
    await expect(page.getByText('Nenosiri hilo si sahihi. Akaunti yako haijafutwa.')).toBeVisible();

    await page.locator('.topbar').getByRole('button', { name: 'Toka' }).click();
    await page.goto('/forgot-password');
    await expect(page).toHaveTitle('Umesahau nenosiri — Darasa');
    await expect(page.getByRole('heading', { level: 1, name: 'Weka upya nenosiri lako' })).toBeVisible();
    await page.getByLabel('Barua pepe').fill(`hakuna.${unique()}@example.com`);
    await page.getByRole('button', { name: 'Tuma kiungo cha kuweka upya' }).click();
    await expect(page.getByText(/^Ikiwa kuna akaunti yenye barua pepe hiyo, tumetuma kiungo/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Badilisha kwa msimbo wa SMS badala yake' })).toBeVisible();
  });
});

test.describe('on a 360 px phone in Kiswahili', () => {
  test.use({ ...SWAHILI, viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test('the signed-in top bar keeps to one line, as the signed-out one does', async ({ page }) => {
    const bar = page.locator('.topbar');
    await page.goto('/');
    const signedOut = await bar.evaluate((e) => e.getBoundingClientRect().height);
    await signUpInSwahili(page);
    await page.goto('/');
    await expect(bar.getByRole('button', { name: 'Toka' })).toBeVisible();
    // The accessible names stay the words, though a phone shows an initial, icons and "EN".
    await expect(bar.getByRole('link', { name: 'Akaunti', exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'English' })).toHaveText('EN', { useInnerText: true });
    expect(await bar.evaluate((e) => e.getBoundingClientRect().height)).toBe(signedOut);
    // Logo and every action share one row, and each action is a 44 px target.
    const boxes = await bar.evaluate((e) =>
      [e.querySelector('.logo'), ...e.querySelectorAll('.topbar-actions > a, .topbar-actions form > button')].map(
        (el) => el!.getBoundingClientRect(),
      ),
    );
    expect(boxes.length).toBe(5);
    const middle = (b: DOMRect) => b.top + b.height / 2;
    for (const b of boxes) expect(Math.abs(middle(b) - middle(boxes[0]!))).toBeLessThanOrEqual(2);
    for (const b of boxes.slice(1)) expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the language switch is a plain form and comes back to the same page', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Trending Now' })).toBeVisible();
    await page.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('heading', { level: 2, name: 'Zinazovuma Sasa' })).toBeVisible();
    await page.locator('.topbar').getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Trending Now' })).toBeVisible();
  });
});

async function newSession(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL: baseURL! });
  return { context, page: await context.newPage() };
}

test('a signed-in learner’s language follows them to a new session', async ({ page, browser, baseURL }) => {
  await registerLearner(page);
  await page.goto('/');
  await page.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.locator('.topbar').getByRole('button', { name: 'Toka' })).toBeVisible();
  const cookies = await page.context().cookies();
  const session = cookies.filter((c) => c.name.includes('session_token'));
  expect(session.length).toBeGreaterThan(0);

  // Another browser (no language cookie, English Accept-Language) with the same account.
  const other = await newSession(browser, baseURL);
  await other.context.addCookies(session);
  await other.page.goto('/');
  await expect(other.page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(other.page.getByRole('heading', { level: 2, name: 'Zinazovuma Sasa' })).toBeVisible();
  await other.context.close();
});

test.describe('on a 360 px phone with 40 % longer words', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the landing page, a course page and the purchase modal do not scroll sideways', async ({ page, baseURL }) => {
    await registerLearner(page);
    await page.context().addCookies([{ name: 'darasa_lang', value: 'pseudo', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
    await expect(page.locator('.row-title').first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto(`/search?q=${encodeURIComponent(DEMO.title)}`);
    await page.locator('.card').filter({ hasText: DEMO.title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: DEMO.title })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await hydrated(page);
    await page.locator('.hero-actions button.btn-primary').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.purchase-pay')).toBeVisible();
    await expectNoSidewaysScroll(page);
    const fits = await dialog.evaluate((d) => {
      const box = d.getBoundingClientRect();
      return box.left >= 0 && box.right <= window.innerWidth && d.scrollWidth <= d.clientWidth;
    });
    expect(fits).toBe(true);
  });
});
