// Affiliates in the browser (issue 27, decision 0067), on a phone (390 px, touch, dpr 3), against the M-Pesa
// simulator the server runs beside it: the demo creator turns on affiliate sales for a course (a commission
// out of range is refused first); a new learner, in Kiswahili, gets their referral link and copies it from the
// Share menu; another person opens the link, signs up, sees who referred them and buys with M-Pesa; the
// affiliate sees the click, the sale and the commission, verifies a payout number and is paid once the hold
// has passed (time travel in the database, as payouts.spec.ts).
import { expect, type Page, test } from '@playwright/test';
import { demoDatabase } from './demoDatabase.ts';
import { registerLearner, signedIn } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from './screens.ts';

test.use({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });

const SHOTS = process.env.E2E_OUTPUT_DIR ?? 'test-results';
const kes = (n: number) => `KES ${new Intl.NumberFormat('en-KE').format(n)}`;

/** A screenshot at 390 px and at 360 px, with nothing scrolling sideways at either. */
async function shots(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('an affiliate’s link leads to a sale split three ways, and the affiliate is paid by M-Pesa', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const db = demoDatabase();
  const course = db
    .prepare(
      `select c.id, c.title, c.price from course c join user u on u.id = c.creatorId
       where u.email = 'creator@darasa.test' and c.published = 1 and c.price >= 1000 order by c.createdAt limit 1`,
    )
    .get() as { id: string; title: string; price: number };
  const commission = Math.round(course.price * 0.2);

  // The creator turns affiliate sales on in the course editor: 60 % is refused and saves nothing, 20 % is saved.
  const creator = await signedIn(browser, 'creator@darasa.test', PHONE);
  await creator.goto(`/creator/course/${course.id}`);
  const settings = creator.getByRole('region', { name: 'Affiliate sales' });
  await settings.getByRole('switch', { name: 'Let affiliates sell this course' }).check();
  await settings.getByLabel('Commission (% of the price)').fill('60');
  await settings.getByRole('button', { name: 'Save affiliate sales' }).click();
  await expect(settings.getByRole('alert')).toHaveText('The commission must be a whole number from 5 to 50 per cent.');
  expect(db.prepare('select count(*) as n from courseAffiliate where courseId = ?').get(course.id)).toEqual({ n: 0 });
  await settings.getByLabel('Commission (% of the price)').fill('20');
  await settings.getByRole('button', { name: 'Save affiliate sales' }).click();
  await expect(settings.getByRole('status')).toHaveText('Affiliate sales saved.');
  await settings.scrollIntoViewIfNeeded();
  await creator.screenshot({ path: `${SHOTS}/affiliates-studio-390.png` });

  // The affiliate: a new learner who uses Darasa in Kiswahili gets their link and copies it from Share.
  const affiliate = await registerLearner(page, { first: 'Akinyi' });
  await page.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await page.goto(`/course/${course.id}`);
  const earn = page.getByRole('region', { name: 'Pata kwa kushiriki' });
  await expect(earn.getByText('unapata 20% ya kila mauzo')).toBeVisible();
  await earn.getByRole('button', { name: 'Pata kiungo changu' }).tap();
  const field = earn.getByLabel('Kiungo chako cha rufaa');
  await expect(field).toHaveValue(new RegExp(`/course/${course.id}\\?ref=[a-z0-9]{8}$`));
  const link = await field.inputValue();
  await page.getByRole('button', { name: 'Shiriki', exact: true }).tap();
  await page.getByRole('button', { name: 'Nakili kiungo' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Kiungo kimenakiliwa' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await page.keyboard.press('Escape');
  await earn.scrollIntoViewIfNeeded();
  await shots(page, 'affiliates-course-sw');

  // The learner opens the link on their phone, signs up, and buys through it with M-Pesa.
  const theirs = await browser.newContext(PHONE);
  const learner = await theirs.newPage();
  await learner.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(learner.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await registerLearner(learner, { first: 'Baraka' });
  await learner.goto(`/course/${course.id}`);
  await learner.getByRole('button', { name: 'Purchase Course' }).tap();
  const dialog = learner.getByRole('dialog');
  await expect(dialog.getByText(`Referred by ${affiliate.name}`)).toBeVisible();
  await dialog.getByLabel('M-Pesa phone number').fill('0708 374 149');
  await learner.screenshot({ path: `${SHOTS}/affiliates-purchase-390.png` });
  await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).tap();
  await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
  await theirs.close();

  // The affiliate sees the click, the sale and the commission (held), on the page linked from their account.
  await page.goto('/account');
  await page.getByRole('link', { name: /Pata kwa kushiriki/ }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Pata kwa kushiriki' })).toBeVisible();
  const row = page.locator('.affiliate-course').filter({ hasText: course.title });
  await expect(row.locator('div').filter({ hasText: 'Mibofyo' }).locator('dd')).toHaveText('1');
  await expect(row.locator('div').filter({ hasText: 'Mauzo' }).locator('dd')).toHaveText('1');
  await expect(row.locator('div').filter({ hasText: 'Mapato' }).locator('dd')).toHaveText(kes(commission));

  // A payout number, checked with KES 1 through M-Pesa.
  await page.getByLabel('Nambari yako ya M-Pesa ya kupokea malipo').fill('0708 374 149');
  await page.getByRole('button', { name: 'Hifadhi nambari' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Nambari imehifadhiwa' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/Inalipwa kwa M-Pesa \+254 708 374 149/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  // Time travel: the holding period is over for the affiliate's commission.
  const affiliateId = (db.prepare('select id from user where email = ?').get(affiliate.email) as { id: string }).id;
  db.prepare('update journalLine set availableAt = ? where creatorId = ? and availableAt > ?').run(
    new Date(Date.now() - 60_000).toISOString(),
    affiliateId,
    new Date().toISOString(),
  );
  await page.reload();
  await page.getByRole('button', { name: `Toa ${kes(commission)}` }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Malipo yako yanatumwa' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(`Malipo ya mwisho: ${kes(commission)}, imelipwa`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('.affiliate-balances div').filter({ hasText: 'Yameshalipwa' }).locator('dd')).toHaveText(
    kes(commission),
  );
  await shots(page, 'affiliates-page-sw');
  // Paid once: one payout of the commission, one ledger entry settling it.
  const payouts = db
    .prepare(`select id, amount, status from payout where creatorId = ? and purpose = 'withdrawal'`)
    .all(affiliateId) as { id: string; amount: number; status: string }[];
  expect(payouts).toEqual([expect.objectContaining({ amount: commission, status: 'paid' })]);
  expect(
    db
      .prepare(`select count(*) as n from journalEntry where payoutId = ? and kind = 'payout_paid'`)
      .get(payouts[0]!.id),
  ).toEqual({ n: 1 });
  db.close();
});
