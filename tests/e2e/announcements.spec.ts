// Announcements on phones (issue 27, decision 0062): the demo creator of the free course writes to its
// owners with SMS, seeing the number of SMS and their cost before sending; a learner who signed up by phone
// gets the SMS (read on the SMS simulator's page, as on the phone), a learner with an e-mail gets the e-mail
// (read from the server's outbox); that learner then, in Kiswahili, turns off e-mails and texts about the
// course on the learning page, and it stays off. New learners only: no other spec's people get anything.
import { expect, test } from '@playwright/test';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';
import { freshNumber, readSms } from '#tests/e2e/smsInbox.ts';
import { enrollInFreeCourse, FREE_COURSE } from '#tests/e2e/courses.ts';
import { hydrated } from '#tests/e2e/hydration.ts';
import { newestEmailTo } from '#tests/e2e/outbox.ts';
import { registerLearner, signedIn, unique } from '#tests/e2e/people.ts';
import { expectNoSidewaysScroll, PHONE } from '#tests/e2e/screens.ts';
import { DEMO_SMS_URL } from './urls.ts';

test.use(PHONE);

test('the creator writes to the owners with SMS; a phone owner gets the SMS, an e-mail owner the e-mail and turns them off in Kiswahili', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);

  // A learner who signs up by phone (a proven number, no e-mail) and owns the free course.
  const phoneContext = await browser.newContext(PHONE);
  const phoneLearner = await phoneContext.newPage();
  const local = freshNumber();
  const e164 = `+254${local}`;
  await phoneLearner.goto('/register');
  await phoneLearner.getByRole('link', { name: PHONE_TEXT.signUpWithPhone }).click();
  await phoneLearner.getByLabel('Full name').fill('Amani Wekesa');
  await phoneLearner.getByLabel('Learn (Customer)').check();
  await phoneLearner.getByLabel(PHONE_TEXT.phoneLabel).pressSequentially(local);
  await phoneLearner.getByRole('button', { name: PHONE_TEXT.sendCode }).click();
  const code = /\d{6}/.exec(await readSms(phoneContext, DEMO_SMS_URL, e164, /is your Darasa code/))![0];
  await phoneLearner.getByLabel(PHONE_TEXT.codeLabel).fill(code);
  await phoneLearner.getByRole('button', { name: 'Create Account' }).click();
  await expect(phoneLearner).toHaveURL(/\/customer$/, { timeout: 10_000 });
  const courseId = await enrollInFreeCourse(phoneLearner);

  // A learner with an e-mail address who owns it too.
  const mailContext = await browser.newContext(PHONE);
  const mailLearner = await mailContext.newPage();
  const { email } = await registerLearner(mailLearner, { first: 'Zawadi' });
  expect(await enrollInFreeCourse(mailLearner)).toBe(courseId);

  // The free course's creator (demo) writes, with SMS: the form says how many SMS and what they cost.
  const creator = await signedIn(browser, 'amina@darasa.test', PHONE);
  await creator.goto(`/creator/course/${courseId}`);
  await hydrated(creator);
  const form = creator
    .locator('section')
    .filter({ has: creator.getByRole('heading', { name: 'Write to your learners' }) });
  const words = `Live workout on Saturday at 7 am ${unique()}`;
  await form.getByLabel('Message').fill(words);
  await expect(form.getByText(`${words.length} of 1,000 characters`)).toBeVisible();
  await form.getByRole('switch', { name: 'Also send by SMS' }).tap();
  const cost = form.getByTestId('sms-cost');
  await expect(cost).toHaveText(/^By SMS to (\d+) learners? with a confirmed phone: (\d+) SMS, costs KES \d+\.\d\d$/);
  const [, people, sms] = /to (\d+) learners?.*: (\d+) SMS/.exec((await cost.textContent()) ?? '')!;
  expect(Number(people)).toBeGreaterThanOrEqual(1);
  expect(Number(sms)).toBe(Number(people));
  await expect(form.getByText(/^Left this month: \d+ announcements, \d+ by SMS$/)).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(creator);
  await creator.screenshot({ path: test.info().outputPath('announce-studio-390.png') });
  await form.getByRole('button', { name: 'Send announcement' }).tap();
  await expect(form.getByRole('status')).toHaveText('Announcement sent');
  await expect(form.getByText(words)).toBeVisible();
  await creator.screenshot({ path: test.info().outputPath('announce-sent-390.png') });

  // The phone owner gets the SMS; the e-mail owner the e-mail.
  expect(await readSms(phoneContext, DEMO_SMS_URL, e164, new RegExp(words))).toBe(`Darasa, ${FREE_COURSE}: ${words}`);
  await expect.poll(() => newestEmailTo(baseURL!, email) ?? '', { timeout: 30_000 }).toContain(words);
  expect(newestEmailTo(baseURL!, email)).toContain('wrote to everyone who owns it');

  // In Kiswahili, the e-mail owner turns them off on the learning page; it stays off.
  await mailLearner.goto(`/learn/${courseId}/1`);
  await hydrated(mailLearner);
  await mailLearner.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
  await expect(mailLearner.locator('html')).toHaveAttribute('lang', 'sw');
  const toggle = mailLearner.getByRole('switch', { name: 'Barua pepe na SMS kuhusu kozi hii' });
  await expect(toggle).toBeChecked();
  await toggle.tap();
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(mailLearner);
  await mailLearner.screenshot({ path: test.info().outputPath('announce-toggle-390-sw.png') });
  await mailLearner.reload();
  await hydrated(mailLearner);
  await expect(mailLearner.getByRole('switch', { name: 'Barua pepe na SMS kuhusu kozi hii' })).not.toBeChecked();
  await mailLearner.setViewportSize({ width: 360, height: 740 });
  await mailLearner.getByRole('switch', { name: 'Barua pepe na SMS kuhusu kozi hii' }).scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(mailLearner);
  await mailLearner.screenshot({ path: test.info().outputPath('announce-toggle-360-sw.png') });

  await creator.setViewportSize({ width: 360, height: 740 });
  await form.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(creator);
  await creator.screenshot({ path: test.info().outputPath('announce-studio-360.png') });
  for (const c of [phoneContext, mailContext, creator.context()]) await c.close();
});
