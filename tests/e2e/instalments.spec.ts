// Instalments, "lipa mdogo mdogo" (issue 27, decision 0068), on a phone (390 px, touch, dpr 3), against the
// M-Pesa simulator the server runs beside it: the demo creator lets a course be paid in up to 3 parts; a new
// learner pays it in three parts, each its own M-Pesa prompt, and the lessons open as each part is paid (a
// locked lesson's page sends them back to the course page); the second part is paid in Kiswahili, the third from
// the learning page; the purchases page shows each part. The course is set back to "Off" afterwards.
import { expect, type Page, test } from '@playwright/test';
import { openCourse } from '#tests/e2e/courses.ts';
import { registerLearner, signedIn } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from './screens.ts';

test.use(PHONE);
const SHOTS = process.env.E2E_OUTPUT_DIR ?? 'test-results';
// KES 3,500 and 5 lessons, by creator@darasa.test: parts of 1,168, 1,166 and 1,166; 2, 4 then 5 lessons open.
const COURSE = 'Build Web Apps with React: Nairobi Bootcamp';

async function shots(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/instalments-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/instalments-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Sets the course's instalments in the studio as its creator ("Off" or "In up to N parts"). */
async function setInstalments(page: Page, courseId: string, choice: string) {
  await page.goto(`/creator/course/${courseId}`);
  await page.getByLabel('Pay in instalments (lipa mdogo mdogo)').selectOption({ label: choice });
  await page.getByRole('button', { name: 'Save Course' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'Course saved successfully!' })).toBeVisible();
}

/** The lessons of the course page that open (a "Play" link) rather than show "Locked". */
async function playable(page: Page) {
  const lessons = page.locator('.episode');
  await expect(lessons).toHaveCount(5);
  const open: number[] = [];
  for (let i = 0; i < 5; i++)
    if ((await lessons.nth(i).locator('a.episode-action, .episode-actions a').count()) > 0) open.push(i + 1);
  return open;
}

let courseId = '';

test.describe
  .serial('instalments', () => {
    test.afterAll(async ({ browser }) => {
      if (!courseId) return;
      const creator = await signedIn(browser, 'creator@darasa.test', PHONE);
      await setInstalments(creator, courseId, 'Off: paid at once');
    });

    test('a course paid in three M-Pesa instalments opens its lessons part by part', async ({ page, browser }) => {
      test.setTimeout(180_000);
      const creator = await signedIn(browser, 'creator@darasa.test', PHONE);
      courseId = await openCourse(creator, COURSE);
      await setInstalments(creator, courseId, 'In up to 3 parts');
      await shots(creator, 'studio');

      await registerLearner(page, { first: 'Otieno' });
      await openCourse(page, COURSE);
      await page.getByRole('button', { name: 'Purchase Course' }).tap();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: 'Pay in 3 parts: KES 1,168 now' }).check();
      const schedule = dialog.getByRole('list', { name: 'Payment schedule' });
      await expect(schedule.getByRole('listitem')).toHaveCount(3);
      await expect(schedule.getByRole('listitem').nth(1)).toContainText('Part 2 of 3');
      await expect(schedule.getByRole('listitem').nth(1)).toContainText('KES 1,166');
      await shots(page, 'choice');
      await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).tap();
      await expect(
        dialog.getByText('Enter your M-Pesa PIN on the prompt sent to 0708 374 149 to pay KES 1,168.'),
      ).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Close' }).tap();

      // Part 1 of 3: lessons 1 and 2 of 5; the others are locked, and asking for one's page goes back.
      const panel = page.getByRole('region', { name: '1 of 3 parts paid' });
      await expect(panel).toBeVisible();
      expect(await playable(page)).toEqual([1, 2]);
      await shots(page, 'part1');
      await page.goto(`/learn/${courseId}/3`);
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));

      // Part 2, in Kiswahili.
      await page.getByRole('button', { name: 'Kiswahili' }).tap();
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
      const panelSw = page.getByRole('region', { name: 'Awamu 1 kati ya 3 zimelipwa' });
      await panelSw.getByRole('button', { name: 'Lipa awamu inayofuata (KES 1,166)' }).tap();
      await expect(dialog.getByText('Lipa awamu ya 2 kati ya 3')).toBeVisible();
      await shots(page, 'part2-sw');
      await dialog.getByRole('button', { name: 'Lipa kwa M-Pesa' }).tap();
      await expect(dialog.getByRole('heading', { name: 'Malipo yamepokelewa' })).toBeVisible({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Funga' }).tap();
      await expect(page.getByRole('region', { name: 'Awamu 2 kati ya 3 zimelipwa' })).toBeVisible();
      expect(await playable(page)).toEqual([1, 2, 3, 4]);
      await shots(page, 'paid2-sw');
      await page.getByRole('button', { name: 'English' }).tap();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      // Part 3, from the learning page.
      await page.goto(`/learn/${courseId}/4`);
      await expect(page.locator('.learn-ep-locked')).toHaveCount(1);
      const learnPanel = page.getByRole('region', { name: '2 of 3 parts paid' });
      await learnPanel.scrollIntoViewIfNeeded();
      await shots(page, 'learn');
      await learnPanel.getByRole('button', { name: 'Pay next part (KES 1,166)' }).tap();
      await dialog.getByRole('button', { name: 'Pay with M-Pesa' }).tap();
      await expect(dialog.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Close' }).tap();
      await expect(page.locator('.learn-ep-locked')).toHaveCount(0);
      await page.goto(`/learn/${courseId}/5`);
      await expect(page).toHaveURL(new RegExp(`/learn/${courseId}/5$`));

      await openCourse(page, COURSE);
      await expect(page.getByRole('region', { name: '3 of 3 parts paid' })).toBeVisible();
      expect(await playable(page)).toEqual([1, 2, 3, 4, 5]);

      await page.goto('/customer/purchases');
      await expect(page.getByText('Part 3 of 3 • 3 of 3 parts paid')).toBeVisible();
      await expect(page.getByText('Part 1 of 3', { exact: true })).toBeVisible();
      await shots(page, 'purchases');
    });
  });
