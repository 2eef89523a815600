// A learner takes a quiz lesson on a phone (390×844, DPR 3, touch; issue 26, decision 0058). A course whose
// only lesson is a quiz may be published; the learner answers wrongly (not passed, each question's
// explanation and correct answer), then answers again with no connection: the attempt is kept on the phone,
// survives a reload without the connection, and is scored when the connection returns, once. The pass
// completes the lesson (the list's tick, "Next"), and only then does the certificate appear; coming back
// shows that attempt as it was scored. In Kiswahili too, at 390 and 360 px, nothing sideways.
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
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
import { controlled } from '#tests/e2e/serviceWorker.ts';

let thumb: string;

const quiz = {
  passMark: 75,
  maxAttempts: 3,
  questions: [
    {
      type: 'single',
      prompt: 'Mji mkuu wa Kenya ni upi?',
      explanation: 'Nairobi imekuwa mji mkuu tangu 1907.',
      options: [
        { text: 'Nairobi', correct: true },
        { text: 'Mombasa', correct: false },
      ],
    },
    {
      type: 'multiple',
      prompt: 'Ipi kati ya hizi ni maziwa?',
      explanation: 'Victoria na Turkana ni maziwa; Tana ni mto.',
      options: [
        { text: 'Victoria', correct: true },
        { text: 'Tana', correct: false },
        { text: 'Turkana', correct: true },
      ],
    },
    {
      type: 'trueFalse',
      prompt: 'Mlima Kenya uko kwenye ikweta.',
      explanation: 'Uko kusini kidogo ya ikweta.',
      options: [
        { text: 'Kweli', correct: true },
        { text: 'Si kweli', correct: false },
      ],
    },
    { type: 'number', prompt: 'Nusu ya 7 ni ngapi?', explanation: '7 ÷ 2 = 3.5', answer: 3.5, tolerance: 0 },
  ],
};

test.beforeAll(async () => {
  thumb = await coverPicture('#0b6e4f');
});

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** A new creator's free course whose only lesson is a quiz (made through the studio API), published; then a
 * text lesson after it. Returns the course's and the quiz's ids. */
async function publishQuizCourse(page: Page): Promise<{ courseId: string; quizId: string }> {
  const courseId = await saveFreeCourse(page, {
    title: 'Jaribio la jiografia',
    description: 'A course you answer: a quiz, then a short text.',
    category: 'lifestyle',
    cover: thumb,
  });

  const added = await page.request.post(`/api/studio/courses/${courseId}/episodes`, {
    headers: origin(page),
    data: { kind: 'quiz', title: 'Jaribu ujuzi wako', quiz },
  });
  expect(added.status()).toBe(201);
  const quizId = ((await added.json()) as { id: string }).id;

  // A course whose only lesson is a quiz may be published (decision 0058).
  await page.reload();
  await publishOpenCourse(page);

  const text = await page.request.post(`/api/studio/courses/${courseId}/episodes`, {
    headers: origin(page),
    data: { kind: 'text', title: 'Maliza', body: 'Umemaliza. **Hongera!**' },
  });
  expect(text.status()).toBe(201);
  return { courseId, quizId };
}

/** Answers the quiz: every question right, or every one wrong. */
async function answer(page: Page, right: boolean) {
  const q = (n: number) => page.getByRole('group', { name: new RegExp(`^Question ${n} `) });
  await q(1)
    .getByRole('radio', { name: right ? 'Nairobi' : 'Mombasa' })
    .check();
  if (right) {
    await q(2).getByRole('checkbox', { name: 'Victoria' }).check();
    await q(2).getByRole('checkbox', { name: 'Turkana' }).check();
  } else await q(2).getByRole('checkbox', { name: 'Tana' }).check();
  await q(3)
    .getByRole('radio', { name: right ? 'Kweli' : 'Si kweli', exact: true })
    .check();
  await q(4)
    .getByLabel('Your answer (a number)')
    .fill(right ? '3,5' : '4');
}

test.describe('on a phone', () => {
  test.use(PHONE);
  const { unpublishAfter } = unpublishedAfterEach();

  test('a quiz is failed with explanations, passed offline, scored once back online, and completes the lesson', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { courseId, quizId } = await publishQuizCourse(page);
    unpublishAfter(courseId);

    const context: BrowserContext = await browser.newContext(PHONE);
    const learner = await context.newPage();
    await registerLearner(learner);
    await enrollFree(learner, courseId);
    // Owned: the course page offers no "Download" for a quiz (nothing to keep; the quiz page is kept once opened).
    await learner.goto(`/course/${courseId}`);
    await expect(learner.locator('.episode').first()).toContainText('Quiz');
    await expect(
      learner
        .locator('.episode')
        .first()
        .getByRole('button', { name: /Download/ }),
    ).toHaveCount(0);

    // The text lesson first: completed, but no certificate while the quiz is not passed.
    await learner.goto(`/learn/${courseId}/2`);
    await hydrated(learner);
    await controlled(learner);
    const saved = learner.waitForResponse((r) => r.url().endsWith('/api/learning/progress') && r.ok());
    await learner.getByRole('button', { name: 'Mark as complete' }).tap();
    await saved;
    await learner.reload();
    await expect(learner.locator('.learn-episodes li').nth(1)).toContainText('Completed');
    await expect(learner.getByRole('heading', { name: 'You completed this course' })).toHaveCount(0);

    // The quiz, in place of the player: its rules and four questions.
    await learner.goto(`/learn/${courseId}/1`);
    await hydrated(learner);
    await expect(learner.getByRole('heading', { level: 1, name: '1. Jaribu ujuzi wako' })).toBeVisible();
    await expect(learner.locator('.learn-player')).toHaveCount(0);
    await expect(learner.locator('.learn-episodes li').first()).toContainText('Quiz');
    const rules = learner.locator('.quiz-rules');
    await expect(rules).toContainText('Pass mark: 75%');
    await expect(rules).toContainText('3 attempts left');
    await expect(learner.locator('.quiz').getByRole('group')).toHaveCount(4);
    await learner.screenshot({ path: test.info().outputPath('quiz-390-en.png') });
    await expectNoSidewaysScroll(learner);

    // A question left out is asked for before anything is sent.
    await learner.getByRole('button', { name: 'Submit answers' }).tap();
    await expect(learner.getByRole('alert')).toHaveText('Please answer question 1.');

    // Wrong: not passed, each question wrong with its explanation and the correct answer.
    await answer(learner, false);
    await learner.getByRole('button', { name: 'Submit answers' }).tap();
    const result = learner.locator('.quiz-result');
    await expect(result).toContainText('Your score: 0%. Not passed: you need 75%.');
    await expect(result).toHaveAttribute('aria-live', 'polite');
    const first = learner.getByRole('group', { name: /^Question 1 / });
    await expect(first).toContainText('✗ Wrong');
    await expect(first).toContainText('Correct answer: Nairobi');
    await expect(first).toContainText('Nairobi imekuwa mji mkuu tangu 1907.');
    await expect(learner.getByRole('group', { name: /^Question 2 / })).toContainText(
      'Correct answer: Victoria, Turkana',
    );
    await expect(learner.getByRole('group', { name: /^Question 4 / })).toContainText('Correct answer: 3.5');
    await expect(rules).toContainText('2 attempts left');
    await learner.screenshot({ path: test.info().outputPath('quiz-failed-390-en.png'), fullPage: true });
    await learner.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(learner);
    await learner.screenshot({ path: test.info().outputPath('quiz-failed-360-en.png'), fullPage: true });
    await learner.setViewportSize(PHONE.viewport);
    await expect(learner.getByRole('heading', { name: 'You completed this course' })).toHaveCount(0);

    // No connection: right this time, kept on the phone.
    await context.setOffline(true);
    await learner.getByRole('button', { name: 'Try again' }).tap();
    await answer(learner, true);
    await learner.getByRole('button', { name: 'Submit answers' }).tap();
    const onPhone = 'Saved on this phone. It will be scored when you are back online.';
    await expect(result).toHaveText(onPhone);
    await expect(rules).toContainText('1 attempt left');
    await learner.screenshot({ path: test.info().outputPath('quiz-saved-390-en.png') });
    // Still kept after a reload without the connection: the page the service worker kept, the attempt on the phone.
    await learner.reload();
    await hydrated(learner);
    await expect(learner.locator('.quiz-result')).toHaveText(onPhone);
    await expect(
      learner.getByRole('group', { name: /^Question 1 / }).getByRole('radio', { name: 'Nairobi' }),
    ).toBeChecked();

    // Back online: sent by the app's sync, scored, the lesson completed, the certificate earned.
    const scored = learner.waitForResponse((r) => r.url().endsWith('/api/learning/quiz-attempts'));
    await context.setOffline(false);
    expect((await scored).status()).toBe(200);
    await expect(learner.locator('.quiz-result')).toContainText('Your score: 100%. Passed!');
    await expect(learner.getByRole('group', { name: /^Question 2 / })).toContainText('✓ Right');
    await expect(learner.locator('.learn-episodes li').first()).toContainText('Completed');
    await expect(learner.getByRole('heading', { name: 'You completed this course' })).toBeVisible();
    await expect(learner.locator('.quiz-actions').getByRole('link', { name: 'Next episode →' })).toBeVisible();
    await expect(learner.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await learner.screenshot({ path: test.info().outputPath('quiz-passed-390-en.png') });
    await expectNoSidewaysScroll(learner);

    // Counted once: two attempts in all, one left. Coming back shows that attempt as it was scored.
    await learner.reload();
    await expect(learner.locator('.quiz-rules')).toContainText('1 attempt left');
    await expect(learner.locator('.quiz-result')).toContainText('Your score: 100%. Passed!');
    await expect(learner.getByRole('group', { name: /^Question 4 / })).toContainText('✓ Right');
    await expect(learner.getByRole('group', { name: /^Question 4 / }).getByRole('textbox')).toHaveValue('3.5');
    await expect(
      learner.getByRole('group', { name: /^Question 2 / }).getByRole('checkbox', { name: 'Turkana' }),
    ).toBeChecked();
    await expect(learner.locator('.quiz-passed-before')).toHaveCount(0);
    const kept = await learner.request.get(`/api/learning/quizzes/${quizId}`);
    expect(await kept.json()).toMatchObject({ attemptsUsed: 2, passed: true, bestScore: 100 });

    // Kiswahili at 360 px.
    await hydrated(learner);
    await learner.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
    await expect(learner.locator('html')).toHaveAttribute('lang', 'sw');
    await learner.setViewportSize({ width: 360, height: 740 });
    await expect(learner.locator('.quiz-rules')).toContainText('Kiwango cha kufaulu: 75%');
    await expect(learner.locator('.quiz-rules')).toContainText('Nafasi 1 imebaki');
    await expect(learner.getByRole('group', { name: /^Swali la 1 / })).toBeVisible();
    await expect(learner.locator('.quiz-result')).toContainText('Umepata 100%. Umefaulu!');
    await expect(learner.getByRole('group', { name: /^Swali la 2 / })).toContainText('✓ Sahihi');
    await learner.screenshot({ path: test.info().outputPath('quiz-360-sw.png'), fullPage: true });
    await expectNoSidewaysScroll(learner);
    await context.close();
  });
});
