// Course sections on a phone (390×844, DPR 3, touch; issue 26, decisions 0064 and 0069): a creator adds three
// text lessons, names two sections, moves lessons into them, renames one and moves the lessons without a
// section below the sections (keyboard only for the section list, the rename and the moves); a learner sees
// the headings with their lesson counts and lengths on the course page and beside the lesson, the lesson
// without a section under "Other lessons", the free first lesson whichever is first now, in English and
// Kiswahili, at 390 and 360 px.
import { expect, type Page, test } from '@playwright/test';
import { hydrated } from '#tests/e2e/hydration.ts';
import {
  coverPicture,
  enrollFree,
  publishOpenCourse,
  saveFreeCourse,
  unpublishedAfterEach,
} from '#tests/e2e/lessonCourses.ts';
import { registerLearner } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';

let thumb: string;
test.beforeAll(async () => {
  thumb = await coverPicture('#3a5a12');
});

async function addTextLesson(page: Page, title: string) {
  await page.getByLabel('Text lesson').check();
  await page.getByLabel('Episode title *').fill(title);
  await page.getByLabel('Text (Markdown) *').fill(`${title}: ${'maneno ya somo '.repeat(60)}`);
  await page.getByRole('button', { name: 'Add Episode' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

/** A new creator's free course of three text lessons in two sections, published; returns its id. */
async function publishSectionedCourse(page: Page): Promise<string> {
  const courseId = await saveFreeCourse(page, {
    title: 'Biashara ndogo',
    description: 'A small shop, step by step.',
    category: 'business',
    cover: thumb,
  });
  await addTextLesson(page, 'Karibu');
  await addTextLesson(page, 'Bei ya bidhaa');
  await addTextLesson(page, 'Kuhesabu faida');

  // Bad input first: an empty name is refused with its words and nothing is added.
  await page.getByRole('button', { name: 'Add section' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please give the section a name' })).toBeVisible();
  await expect(page.locator('.studio-section-group')).toHaveCount(0);

  for (const name of ['Misingi', 'Biashara']) {
    await page.getByLabel('Section name').fill(name);
    await page.getByLabel('Section name').press('Enter');
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  await expect(page.getByText('No lessons in this section yet.', { exact: false })).toHaveCount(2);

  // Lesson 3 into "Biashara", then lesson 2 into "Misingi" (lessons without a section stay above the first
  // heading), the section list reached by keyboard.
  const sectionOf = (n: number) => page.getByLabel(`Section of episode ${n}`);
  const titlesIn = (name: string) => page.getByRole('region', { name, exact: true }).locator('.studio-episode-info h4');
  await sectionOf(3).focus();
  await expect(sectionOf(3)).toBeFocused();
  await sectionOf(3).selectOption({ label: 'Biashara' });
  await expect(page.getByRole('status').filter({ hasText: 'Lesson moved.' })).toBeVisible();
  await expect(titlesIn('Biashara')).toHaveText('Kuhesabu faida');
  await sectionOf(2).selectOption({ label: 'Misingi' });
  await expect(titlesIn('Misingi')).toHaveText('Bei ya bidhaa');
  await expect(page.getByRole('heading', { level: 3, name: 'Lessons without a section' })).toBeVisible();
  await expect(titlesIn('Lessons without a section')).toHaveText('Karibu');

  // Rename, by keyboard: the field opens focused; Enter saves.
  await page.getByRole('button', { name: 'Rename section “Biashara”' }).press('Enter');
  const field = page.getByLabel('New name for “Biashara”');
  await expect(field).toBeFocused();
  await field.fill('x'.repeat(90));
  await expect(field).toHaveValue('x'.repeat(80));
  await field.fill('Faida na hesabu');
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 3, name: 'Faida na hesabu' })).toBeVisible();

  // The lessons without a section below both sections (decision 0069), by keyboard: ↓ twice; then they are
  // last, so their ↓ is off and their ↑ on.
  const down = page.getByRole('button', { name: 'Move “Lessons without a section” down' });
  await expect(page.getByRole('button', { name: 'Move “Lessons without a section” up' })).toBeDisabled();
  await down.focus();
  await down.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Sections reordered.' })).toBeVisible();
  await expect(page.locator('.studio-section-head h3')).toHaveText([
    'Misingi',
    'Lessons without a section',
    'Faida na hesabu',
  ]);
  await down.press('Enter');
  await expect(page.locator('.studio-section-head h3')).toHaveText([
    'Misingi',
    'Faida na hesabu',
    'Lessons without a section',
  ]);
  await expect(down).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move “Misingi” up' })).toBeDisabled();
  await expect(page.locator('.studio-episode-order')).toHaveText(['1', '2', '3']);
  await expect(page.locator('.studio-episode-info h4')).toHaveText(['Bei ya bidhaa', 'Kuhesabu faida', 'Karibu']);

  const sections = page.locator('.studio-section-group').first();
  await sections.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('studio-sections-390-en.png'), fullPage: true });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: test.info().outputPath('studio-sections-360-en.png'), fullPage: true });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize(PHONE.viewport);
  await publishOpenCourse(page);
  return courseId;
}

test.describe('on a phone', () => {
  test.use(PHONE);
  const { unpublishAfter } = unpublishedAfterEach();

  test('a creator groups lessons in sections and a learner sees them on the course and learning pages', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const courseId = await publishSectionedCourse(page);
    unpublishAfter(courseId);

    const context = await browser.newContext(PHONE);
    const learner = await context.newPage();
    await registerLearner(learner);
    await learner.goto(`/course/${courseId}`);
    const lessons = learner.getByRole('region', { name: 'Episodes' });
    // Each section under its heading, the first lesson (now in "Misingi") the free one; the lesson without a
    // section, placed last, under "Other lessons".
    await expect(learner.locator('.episode').first()).toContainText('Bei ya bidhaa');
    await expect(learner.locator('.episode').first().getByRole('button', { name: 'Preview' })).toBeVisible();
    const misingi = learner.getByRole('region', { name: 'Misingi' });
    await expect(misingi.getByRole('heading', { level: 3, name: 'Misingi' })).toBeVisible();
    await expect(misingi.locator('.lesson-section-facts')).toHaveText(/^1 lesson · \d+ min$/);
    await expect(misingi.getByRole('heading', { level: 4 })).toHaveText('Episode 1: Bei ya bidhaa');
    await expect(learner.getByRole('region', { name: 'Faida na hesabu' }).getByRole('listitem')).toHaveCount(1);
    const other = learner.getByRole('region', { name: 'Other lessons' });
    await expect(other.getByRole('heading', { level: 4 })).toHaveText('Episode 3: Karibu');
    await expect(lessons.getByRole('listitem')).toHaveCount(3);
    await misingi.scrollIntoViewIfNeeded();
    await learner.screenshot({ path: test.info().outputPath('course-sections-390-en.png') });
    await expectNoSidewaysScroll(learner);

    // Beside the lesson: the same headings over the list.
    await enrollFree(learner, courseId);
    await learner.goto(`/learn/${courseId}/1`);
    await hydrated(learner);
    const aside = learner.locator('.learn-episodes');
    await expect(aside.getByRole('heading', { level: 3, name: 'Misingi' })).toBeVisible();
    await expect(aside.getByRole('region', { name: 'Other lessons' }).getByRole('link')).toContainText('Karibu');
    await expect(aside.getByRole('region', { name: 'Misingi' }).getByRole('link')).toHaveAttribute(
      'aria-current',
      'page',
    );
    await aside.scrollIntoViewIfNeeded();
    await learner.screenshot({ path: test.info().outputPath('learn-sections-390-en.png') });
    await expectNoSidewaysScroll(learner);

    // Kiswahili, 360 px.
    await learner.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
    await expect(learner.locator('html')).toHaveAttribute('lang', 'sw');
    await learner.setViewportSize({ width: 360, height: 740 });
    await expect(aside.getByRole('region', { name: 'Misingi' }).locator('.lesson-section-facts')).toHaveText(
      /^somo 1 · dakika \d+$/,
    );
    await expect(aside.getByRole('heading', { level: 3, name: 'Masomo mengine' })).toBeVisible();
    await aside.scrollIntoViewIfNeeded();
    await learner.screenshot({ path: test.info().outputPath('learn-sections-360-sw.png') });
    await expectNoSidewaysScroll(learner);
    await learner.goto(`/course/${courseId}`);
    await expect(learner.getByRole('region', { name: 'Faida na hesabu' }).locator('.lesson-section-facts')).toHaveText(
      /^somo 1 · dakika \d+$/,
    );
    await learner.getByRole('region', { name: 'Misingi' }).scrollIntoViewIfNeeded();
    await learner.screenshot({ path: test.info().outputPath('course-sections-360-sw.png') });
    await expectNoSidewaysScroll(learner);
    // And on a wide screen: the lesson list beside the lesson, with its headings.
    await learner.setViewportSize({ width: 1280, height: 800 });
    await learner.goto(`/learn/${courseId}/2`);
    await expect(
      learner.locator('.learn-episodes').getByRole('heading', { level: 3, name: 'Faida na hesabu' }),
    ).toBeVisible();
    await learner.screenshot({ path: test.info().outputPath('learn-sections-1280-sw.png') });
    await expectNoSidewaysScroll(learner);
    await context.close();
  });
});
