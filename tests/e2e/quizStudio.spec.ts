// The creator's side of quizzes on a phone (390×844, DPR 3, touch; issue 26, decision 0059): the demo
// creator adds a quiz lesson with a single-choice, a multiple-choice, a true/false and a number question
// (one moved with the keyboard), sees the server's refusal of a question with no correct answer beside it
// (in English, and in Kiswahili when editing), saves, reopens it and finds it kept; the mixed list shows
// each lesson's kind and still reorders. After the demo learner's attempt (through the API), the analytics
// page shows the most-missed question. What the spec adds is deleted again after it.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signedIn, signIn, unique } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';

const COURSE = 'Pitching to Investors: Idea to Seed Round'; // by creator@darasa.test, no other spec edits it

const question = (form: Locator, n: number) => form.getByRole('listitem', { name: `Question ${n}`, exact: true });

/** No axe violation of serious or critical impact in `selector` (as accessibility.spec.ts checks pages). */
async function expectAccessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

async function switchLanguage(page: Page, to: 'Kiswahili' | 'English') {
  await page.locator('.topbar').getByRole('button', { name: to }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'Kiswahili' ? 'sw' : 'en');
}

test.use(PHONE);

let courseId = '';
let lessonTitle = '';

// The quiz lesson goes again (its attempts with it, by cascade), so the demo course is as it was, and the
// creator's account is in English again (the language switch is kept on the account).
test.afterEach(async ({ browser }) => {
  if (!courseId || !lessonTitle) return;
  const creator = await signedIn(browser, 'creator@darasa.test');
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await creator.request.post('/language', {
    headers: { origin },
    form: { locale: 'en', redirectTo: '/creator' },
    maxRedirects: 0,
  });
  const course = (await (await creator.request.get(`/api/studio/courses/${courseId}`)).json()) as {
    episodes: { id: string; title: string }[];
  };
  for (const e of course.episodes.filter((x) => x.title === lessonTitle)) {
    const res = await creator.request.delete(`/api/studio/courses/${courseId}/episodes/${e.id}`, {
      headers: { origin },
    });
    expect(res.status()).toBeLessThan(300);
  }
  await creator.context().close();
  lessonTitle = '';
});

test('the demo creator adds a quiz lesson, sees a refusal, saves, reopens it, and sees the most-missed question', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await signIn(page, 'creator@darasa.test');
  await page.goto('/creator');
  await page.locator('.studio-course').filter({ hasText: COURSE }).getByRole('link', { name: 'Edit Course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible();
  courseId = new URL(page.url()).pathname.split('/').pop()!;
  const lessons = page.locator('.studio-episode');
  const before = await lessons.count();
  // Every video lesson says so in the list.
  await expect(lessons.first().locator('.studio-episode-kind')).toHaveText('Video');

  lessonTitle = `Jaribio la kuwasilisha ${unique()}`;
  const form = page.locator('form.episode-form').last();
  await form.getByLabel('Quiz lesson').check();
  await expect(form.getByLabel('Episode video *')).toHaveCount(0);
  await form.getByLabel('Episode title *').fill(lessonTitle);
  await form.getByLabel('Pass mark (%)').fill('60');
  await form.getByLabel('Attempts').selectOption('3');

  // 1. Single choice (the new quiz starts with one), a third option added.
  const q1 = question(form, 1);
  await q1.getByLabel('Question text').fill('What is a seed round for?');
  await q1.getByLabel('Option 1', { exact: true }).fill('Early growth money');
  await q1.getByLabel('Option 2', { exact: true }).fill('Paying old debts');
  await q1.getByRole('button', { name: 'Add option' }).tap();
  await q1.getByLabel('Option 3', { exact: true }).fill('Buying a car');
  await q1.getByRole('radio', { name: 'Correct (Option 1)' }).check();
  await q1.getByLabel('Explanation (shown after answering)').fill('A seed round pays for the first growth.');

  // 2. Multiple choice, its correct answers not marked yet.
  await form.getByRole('button', { name: 'Add question' }).tap();
  const q2 = question(form, 2);
  await q2.getByLabel('Question type').selectOption('multiple');
  await q2.getByLabel('Question text').fill('Which belong in a pitch deck?');
  await q2.getByLabel('Option 1', { exact: true }).fill('The problem');
  await q2.getByLabel('Option 2', { exact: true }).fill('Your traction');
  await q2.getByRole('button', { name: 'Add option' }).tap();
  await q2.getByLabel('Option 3', { exact: true }).fill('Your favourite film');
  await q2.getByRole('button', { name: 'Remove option 3' }).tap();
  await expect(q2.getByLabel('Option 3', { exact: true })).toHaveCount(0);

  // 3. Number, with a tolerance.
  await form.getByRole('button', { name: 'Add question' }).tap();
  const q3 = question(form, 3);
  await q3.getByLabel('Question type').selectOption('number');
  await q3.getByLabel('Question text').fill('KES 2,000,000 for 10 %: the valuation in millions?');
  await q3.getByLabel('Correct number').fill('20');
  await q3.getByLabel('Tolerance (±)').fill('0.5');

  // 4. True/false, then moved above the number question with the keyboard.
  await form.getByRole('button', { name: 'Add question' }).tap();
  const q4 = question(form, 4);
  await q4.getByLabel('Question type').selectOption('trueFalse');
  await q4.getByLabel('Question text').fill('Investors read every slide twice.');
  await q4.getByRole('radio', { name: 'Correct (Option 2)' }).check();
  await expect(q4.getByLabel('Option 1', { exact: true })).toHaveValue('True');
  await expect(q4.getByRole('button', { name: 'Add option' })).toHaveCount(0);
  await q4.getByRole('button', { name: 'Move up: question 4' }).focus();
  await page.keyboard.press('Enter');
  await expect(question(form, 3).getByLabel('Question text')).toHaveValue('Investors read every slide twice.');
  await expect(question(form, 4).getByLabel('Question text')).toHaveValue(
    'KES 2,000,000 for 10 %: the valuation in millions?',
  );
  // Focus stayed with the moved question, so a second Enter would move it again.
  await expect(question(form, 3).getByRole('button', { name: 'Move up: question 3' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'The question is now number 3.' })).toBeAttached();
  await page.screenshot({ path: test.info().outputPath('quiz-form-390-en.png'), fullPage: true });
  await expectNoSidewaysScroll(page);

  // The server refuses the multiple-choice question with no correct answer: said by the form and beside it.
  const add = form.getByRole('button', { name: 'Add Episode' });
  await add.tap();
  await expect(form.locator(':scope > .form-message')).toHaveText('Mark the correct answer of each choice question.');
  await expect(question(form, 2).getByRole('alert')).toHaveText('Mark the correct answer of each choice question.');
  await expect(page.getByRole('heading', { level: 3, name: lessonTitle })).toHaveCount(0);
  await question(form, 2).getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('quiz-refusal-390-en.png') });
  await expectAccessible(page, 'form.episode-form');

  await q2.getByRole('checkbox', { name: 'Correct (Option 1)' }).check();
  await q2.getByRole('checkbox', { name: 'Correct (Option 2)' }).check();
  await expect(question(form, 2).getByRole('alert')).toHaveCount(0);
  await add.tap();
  await expect(page.getByRole('status').filter({ hasText: 'Episode added successfully!' })).toBeVisible();
  const item = lessons.nth(before);
  await expect(item.getByRole('heading', { level: 3 })).toHaveText(lessonTitle);
  await expect(item.locator('.studio-episode-kind')).toHaveText('Quiz');
  await expect(item).toContainText('4 questions');
  await expect(lessons).toHaveCount(before + 1);

  // Reopened in Kiswahili: everything kept, in its order; a question left with no correct answer is
  // refused in Kiswahili.
  await switchLanguage(page, 'Kiswahili');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(item.locator('.studio-episode-kind')).toHaveText('Jaribio');
  await expect(lessons.first().locator('.studio-episode-kind')).toHaveText('Video');
  await item.getByRole('button', { name: 'Hariri' }).tap();
  const edit = item.locator('form.episode-form');
  await expect(edit.getByLabel('Somo la jaribio')).toBeChecked();
  await expect(edit.getByLabel('Kiwango cha kufaulu (%)')).toHaveValue('60');
  await expect(edit.getByLabel('Majaribio')).toHaveValue('3');
  const sw = (n: number) => edit.getByRole('listitem', { name: `Swali la ${n}`, exact: true });
  await expect(sw(1).getByRole('textbox', { name: 'Swali', exact: true })).toHaveValue('What is a seed round for?');
  await expect(sw(1).getByLabel('Chaguo la 3', { exact: true })).toHaveValue('Buying a car');
  // At 360 px an option's words get the card's whole width, not a sliver beside "Sahihi" and remove.
  const option = await sw(1).getByLabel('Chaguo la 3', { exact: true }).boundingBox();
  const card = await sw(1).boundingBox();
  expect(option!.width).toBeGreaterThan(card!.width * 0.8);
  await expect(sw(1).getByRole('radio', { name: 'Sahihi (Chaguo la 1)' })).toBeChecked();
  await expect(sw(1).getByLabel('Maelezo (yanaonyeshwa baada ya kujibu)')).toHaveValue(
    'A seed round pays for the first growth.',
  );
  await expect(sw(2).getByLabel('Aina ya swali')).toHaveValue('multiple');
  await expect(sw(2).getByRole('checkbox', { name: 'Sahihi (Chaguo la 2)' })).toBeChecked();
  await expect(sw(3).getByLabel('Aina ya swali')).toHaveValue('trueFalse');
  await expect(sw(3).getByRole('radio', { name: 'Sahihi (Chaguo la 2)' })).toBeChecked();
  await expect(sw(4).getByLabel('Namba sahihi')).toHaveValue('20');
  await expect(sw(4).getByLabel('Tofauti inayokubalika (±)')).toHaveValue('0.5');
  await page.screenshot({ path: test.info().outputPath('quiz-edit-360-sw.png'), fullPage: true });
  await expectNoSidewaysScroll(page);
  await sw(2).getByRole('checkbox', { name: 'Sahihi (Chaguo la 1)' }).uncheck();
  await sw(2).getByRole('checkbox', { name: 'Sahihi (Chaguo la 2)' }).uncheck();
  await edit.getByRole('button', { name: 'Hifadhi Kipindi' }).tap();
  await expect(sw(2).getByRole('alert')).toHaveText('Onyesha jibu sahihi la kila swali la kuchagua.');
  await sw(2).getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('quiz-refusal-360-sw.png') });
  await edit.getByRole('button', { name: 'Ghairi', exact: true }).tap();
  await switchLanguage(page, 'English');
  await page.setViewportSize(PHONE.viewport);

  // The mixed list still reorders: the quiz becomes lesson 1 (the free lesson, which any signed-in
  // learner may take).
  for (let n = before + 1; n > 1; n--) {
    await page.getByRole('button', { name: `Move episode ${n} up` }).tap();
    await expect(lessons.nth(n - 2).getByRole('heading', { level: 3 })).toHaveText(lessonTitle);
  }
  await expect(lessons.first().locator('.studio-episode-kind')).toHaveText('Quiz');
  await expect(lessons.nth(1).locator('.studio-episode-kind')).toHaveText('Video');
  await page.screenshot({ path: test.info().outputPath('quiz-list-390-en.png'), fullPage: true });

  // No answers yet.
  await page.goto(`/creator/course/${courseId}/analytics`);
  const misses = page.getByRole('region', { name: 'Quiz questions learners miss' });
  await expect(misses.getByText('No quiz answers yet.', { exact: false })).toBeVisible();

  // The demo learner answers: everything right but the multiple-choice question.
  const learner = await signedIn(browser, 'learner@darasa.test');
  const course = (await (await page.request.get(`/api/studio/courses/${courseId}`)).json()) as {
    episodes: { id: string; title: string }[];
  };
  const episodeId = course.episodes.find((e) => e.title === lessonTitle)!.id;
  const quizRes = await learner.request.get(`/api/learning/quizzes/${episodeId}`);
  expect(quizRes.status()).toBe(200);
  const quiz = (await quizRes.json()) as { questions: { id: string; type: string }[] };
  expect(quiz.questions.map((q) => q.type)).toEqual(['single', 'multiple', 'trueFalse', 'number']);
  const [single, multiple, trueFalse, number] = quiz.questions.map((q) => q.id);
  const origin = new URL(page.url()).origin;
  const attempt = await learner.request.post('/api/learning/quiz-attempts', {
    headers: { origin },
    data: {
      attemptId: `e2e-quiz-${unique()}-attempt`,
      episodeId,
      answers: [
        { questionId: single, choices: [0] },
        { questionId: multiple, choices: [0] },
        { questionId: trueFalse, choices: [1] },
        { questionId: number, number: 20.3 },
      ],
    },
  });
  expect(attempt.status(), await attempt.text()).toBe(200);
  await learner.context().close();

  await page.reload();
  const quizCard = misses.getByRole('article', { name: lessonTitle });
  const first = quizCard.getByRole('listitem').first();
  await expect(first).toContainText('Which belong in a pitch deck?');
  await expect(first).toContainText('100 % missed');
  await expect(first).toContainText('1 learner');
  await expect(quizCard.getByRole('listitem').nth(1)).toContainText('0 % missed');
  await misses.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('quiz-analytics-390-en.png') });
  await expectAccessible(page, '.quiz-misses');
  await expectNoSidewaysScroll(page);
  await switchLanguage(page, 'Kiswahili');
  await page.setViewportSize({ width: 360, height: 740 });
  const swMisses = page.getByRole('region', { name: 'Maswali ya majaribio wanafunzi wanayokosea' });
  await expect(swMisses.getByRole('listitem').first()).toContainText('100 % walikosea');
  await expect(swMisses.getByRole('listitem').first()).toContainText('mwanafunzi 1');
  await swMisses.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('quiz-analytics-360-sw.png') });
  await expectNoSidewaysScroll(page);
  await switchLanguage(page, 'English');
});
