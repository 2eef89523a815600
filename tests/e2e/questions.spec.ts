// Questions under a lesson on phones (390×844, DPR 3, touch): a learner asks at the video's moment, the
// course's creator answers (on a phone of their own) and is told of the question by e-mail; the learner sees
// the creator's answer first, marked, and is told by e-mail; a visitor sees only how many questions the
// lesson has. In Kiswahili too, at 360 px, nothing sideways; the learner then edits their question (it shows
// "Imehaririwa") and deletes it, with its answers.
import { expect, type Page, test } from '@playwright/test';
import { enrollInFreeCourse } from '#tests/e2e/courses.ts';
import { hydrated } from '#tests/e2e/hydration.ts';
import { newestEmailTo } from '#tests/e2e/outbox.ts';
import { registerLearner, signedIn, unique } from '#tests/e2e/people.ts';
import { playingPast } from '#tests/e2e/playback.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';

/** The free demo course's creator (server/seed/demoCatalog.ts). */
const CREATOR = 'amina@darasa.test';

const video = (page: Page) => page.locator('.learn-player video');
const questionsOf = (page: Page, name = 'Questions') => page.getByRole('region', { name: new RegExp(`^${name}`) });

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a learner asks at a moment, the creator answers first and marked, both are told; visitors see a count', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Three people on a slow machine: a sign-up, the creator's own phone, a visitor.
    test.setTimeout(150_000);
    const learner = await registerLearner(page);
    const courseId = await enrollInFreeCourse(page);
    await page.goto(`/learn/${courseId}/2`);
    await hydrated(page);
    const questions = questionsOf(page);

    // Watching past 2 s, the learner starts a question: it takes that moment (which they may leave out).
    await page.locator('.learn-player').getByRole('button', { name: 'Play', exact: true }).tap();
    await playingPast(video(page), 2);
    await questions.getByRole('textbox', { name: 'Ask a question about this episode' }).tap();
    const at = questions.getByRole('checkbox', { name: /^At 0:0[2-9]$/ });
    await expect(at).toBeChecked();
    const text = `Why rest before the next set? ${unique()}`;
    await questions.getByRole('textbox', { name: 'Ask a question about this episode' }).fill(text);
    await questions.getByRole('button', { name: 'Ask', exact: true }).tap();
    await expect(questions.getByRole('status')).toHaveText(
      'Your question was posted. We will e-mail you when it is answered.',
    );
    const mine = questions.locator('li.question').filter({ hasText: text });
    await expect(mine.getByRole('button', { name: /^Play from 0:0[2-9]$/ })).toBeVisible();
    // The learner answers their own question first, so the creator's answer must be moved ahead of it.
    await mine.getByRole('button', { name: 'Answer', exact: true }).tap();
    await mine.getByRole('textbox', { name: 'Your answer' }).fill('Maybe to breathe?');
    await mine.getByRole('button', { name: 'Post answer' }).tap();
    await expect(mine.getByRole('status')).toHaveText('Your answer was posted.');

    // The creator is told by e-mail, answers on their own phone.
    await expect.poll(() => newestEmailTo(baseURL!, CREATOR) ?? '', { timeout: 30_000 }).toContain(text);
    const creator = await signedIn(browser, CREATOR, PHONE);
    // In the studio, the course says questions wait for an answer (the in-app notice).
    await creator.goto('/creator');
    const waiting = creator.getByRole('link', { name: /^\d+ questions? waits? for your answer$/ });
    await expect(waiting).toBeVisible();
    await waiting.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await creator.screenshot({ path: test.info().outputPath('questions-studio-390.png') });
    await expectNoSidewaysScroll(creator);
    await creator.goto(`/learn/${courseId}/2`);
    await hydrated(creator);
    const thread = questionsOf(creator).locator('li.question').filter({ hasText: text });
    await thread.getByRole('button', { name: 'Answer', exact: true }).tap();
    await thread.getByRole('textbox', { name: 'Your answer' }).fill('Rest lets your muscles recover: 30 seconds.');
    await thread.getByRole('button', { name: 'Post answer' }).tap();
    await expect(thread.getByRole('status')).toHaveText('Your answer was posted.');
    await creator.context().close();

    // The learner sees the creator's answer first, marked, and was told by e-mail.
    await page.reload();
    await hydrated(page);
    const answers = questionsOf(page).locator('li.question').filter({ hasText: text }).locator('li.answer');
    await expect(answers).toHaveCount(2);
    await expect(answers.first()).toContainText('Rest lets your muscles recover: 30 seconds.');
    await expect(answers.first().getByText('Creator', { exact: true })).toBeVisible();
    await expect(answers.nth(1)).not.toContainText('Creator');
    await expect
      .poll(() => newestEmailTo(baseURL!, learner.email) ?? '', { timeout: 30_000 })
      .toContain('Rest lets your muscles recover');

    await questionsOf(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('questions-390-en.png') });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    const maswali = questionsOf(page, 'Maswali');
    await expect(maswali.locator('li.answer').first().getByText('Mkufunzi', { exact: true })).toBeVisible();
    await maswali.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('questions-360-sw.png') });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(page);

    // A visitor sees how many questions the lesson has, never their words.
    const visitor = await (await browser.newContext(PHONE)).newPage();
    await visitor.goto(`/course/${courseId}`);
    const lesson = visitor.locator('li.episode').nth(1);
    await expect(lesson.getByText(/^\d+ questions?$/)).toBeVisible();
    await expect(visitor.getByText(text)).toHaveCount(0);
    // Scrolled by the page itself: episode 1's preview button keeps warming up, so it never counts as "stable".
    await lesson.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await visitor.screenshot({ path: test.info().outputPath('questions-visitor-390.png') });
    await expectNoSidewaysScroll(visitor);
    await visitor.context().close();

    // The learner edits their question (in Kiswahili, at 390 px): it shows "Edited"; then deletes it.
    await page.setViewportSize({ width: 390, height: 844 });
    const own = maswali.locator('li.question').filter({ hasText: text });
    const ownActions = own.locator(':scope > .question-actions');
    await ownActions.getByRole('button', { name: 'Hariri', exact: true }).tap();
    await own.getByRole('textbox', { name: 'Hariri swali lako' }).fill(`${text} (30 s?)`);
    await own.getByRole('button', { name: 'Hifadhi', exact: true }).tap();
    await expect(own.getByRole('status')).toHaveText('Mabadiliko yako yamehifadhiwa.');
    await expect(own.locator('.question-main')).toContainText('(30 s?)');
    await expect(own.locator('.question-main').getByText('Imehaririwa')).toBeVisible();
    await own.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('questions-edited-390-sw.png') });
    await expectNoSidewaysScroll(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await ownActions.getByRole('button', { name: 'Futa', exact: true }).tap();
    await expect(own).toHaveCount(0);
    await expect(maswali.getByRole('status')).toHaveText('Swali lako limefutwa.');
  });
});

test('the questions panel on a wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await registerLearner(page);
  const courseId = await enrollInFreeCourse(page);
  await page.goto(`/learn/${courseId}/2`);
  await hydrated(page);
  const questions = questionsOf(page);
  await expect(questions.getByRole('textbox', { name: 'Ask a question about this episode' })).toBeVisible();
  await questions.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('questions-1280.png') });
  await expectNoSidewaysScroll(page);
});
