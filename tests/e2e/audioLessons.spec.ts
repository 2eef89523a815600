// Audio lessons on a phone (390×844, DPR 3, touch; issue 26, decision 0069): a creator adds an audio lesson
// (a 12 s tone made here by ffmpeg, an M4A) and waits for it to be processed, attaches two files to it,
// renames one and moves it up (keyboard); a learner sees "1 audio lesson", the files in that order,
// plays it with the audio player (no picture: play/pause, seek, speed from the keyboard), pauses, and on
// coming back the page resumes where they were. Then in Kiswahili at 360 px, nothing sideways.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, test } from '@playwright/test';
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
import { EMPTY_ZIP } from '#tests/support/lessonFiles.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-audio-e2e-'));
const recording = path.join(dir, 'karibu-sokoni.m4a');
let thumb: string;

test.beforeAll(async () => {
  thumb = await coverPicture('#1f5f3a');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=12', recording]);
  for (const name of ['maneno.zip', 'bei.zip']) fs.writeFileSync(path.join(dir, name), EMPTY_ZIP);
});

/** The seek slider's value: where the recording is, in seconds. */
const at = (player: Locator) => player.getByRole('slider').first().inputValue().then(Number);

test.describe('on a phone', () => {
  test.use(PHONE);
  const { unpublishAfter } = unpublishedAfterEach();

  test('a creator adds an audio lesson; a learner plays it and comes back to where they were', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const courseId = await saveFreeCourse(page, {
      title: 'Sauti za sokoni',
      description: 'Listen on the way to the market.',
      category: 'business',
      cover: thumb,
    });
    const add = page.getByRole('button', { name: 'Add Episode' });
    await page.getByLabel('Audio', { exact: true }).check();
    await expect(page.getByLabel('Episode video *')).toHaveCount(0);
    await page.getByLabel('Episode title *').fill('Karibu sokoni');
    await expect(add).toBeDisabled();
    await page.getByLabel('Recording *').setInputFiles(recording);
    const field = page.locator('.upload-field').filter({ hasText: 'Recording' });
    await expect(field.getByText('karibu-sokoni.m4a')).toBeVisible();
    // Processed by the media job like a video: queued or processing, then ready.
    await expect(field.getByText('Ready')).toBeVisible({ timeout: 90_000 });
    await page.screenshot({ path: test.info().outputPath('studio-audio-390-en.png') });
    await add.click();
    await expect(page.getByRole('status').filter({ hasText: 'Episode added successfully!' })).toBeVisible();
    const row = page.locator('.studio-episode').first();
    await expect(row.locator('.studio-episode-kind')).toHaveText('Audio');
    await expect(row).toContainText('0:12');
    await expectNoSidewaysScroll(page);

    // Two files for the lesson; the second renamed and moved up, by keyboard.
    const resources = row.locator('.studio-resources');
    for (const name of ['maneno', 'bei']) {
      await resources.getByLabel('File to add to lesson 1').setInputFiles(path.join(dir, `${name}.zip`));
      await expect(resources.getByLabel('Name learners see')).toHaveValue(name);
      await resources.getByRole('button', { name: 'Add file' }).click();
      await expect(resources.locator('.studio-resource-name').last()).toHaveText(name);
    }
    await resources.getByRole('button', { name: 'Rename bei' }).press('Enter');
    const newName = resources.getByLabel('New name for bei');
    await expect(newName).toBeFocused();
    await newName.fill('Orodha ya bei');
    await newName.press('Enter');
    await expect(resources.getByRole('status').filter({ hasText: 'File renamed.' })).toBeVisible();
    await resources.getByRole('button', { name: 'Move Orodha ya bei up' }).press('Enter');
    await expect(resources.getByRole('status').filter({ hasText: 'Files reordered.' })).toBeVisible();
    await expect(resources.locator('.studio-resource-name')).toHaveText(['Orodha ya bei', 'maneno']);
    await expect(resources.getByRole('button', { name: 'Move Orodha ya bei up' })).toBeDisabled();
    await row.screenshot({ path: test.info().outputPath('studio-audio-files-390-en.png') });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await row.screenshot({ path: test.info().outputPath('studio-audio-files-360-en.png') });
    await expectNoSidewaysScroll(page);
    await page.setViewportSize(PHONE.viewport);
    await publishOpenCourse(page);
    unpublishAfter(courseId);

    const context = await browser.newContext(PHONE);
    const learner = await context.newPage();
    await registerLearner(learner);
    await learner.goto(`/course/${courseId}`);
    await expect(learner.locator('.course-facts').getByText('1 audio lesson')).toBeVisible();
    await expect(learner.locator('.episode').first().locator('.lesson-kind')).toHaveText('Audio · 0:12');
    // What listening to it costs, as for a video.
    await expect(learner.locator('.episode').first().locator('.playback-cost')).toHaveText(/MB/);
    await enrollFree(learner, courseId);

    await learner.goto(`/learn/${courseId}/1`);
    await hydrated(learner);
    await expect(learner.getByRole('heading', { level: 1, name: '1. Karibu sokoni' })).toBeVisible();
    const player = learner.getByRole('group', { name: 'Audio player: Episode 1: Karibu sokoni' });
    await expect(player).toBeVisible();
    // No picture: no video box, no fullscreen; the speed sits in the bar.
    await expect(player.locator('video')).toBeHidden();
    await expect(learner.locator('.learn-player')).toHaveCount(0);
    await expect(player.getByRole('button', { name: /fullscreen/i })).toHaveCount(0);
    const speed = player.getByRole('combobox', { name: 'Playback speed' });
    await expect(speed).toHaveValue('1');
    await expect(learner.getByRole('region', { name: 'Resources' }).getByRole('link')).toHaveText([
      /Orodha ya bei/,
      /maneno/,
    ]);

    // From the keyboard: Play, then a faster speed.
    await player.getByRole('button', { name: 'Play' }).focus();
    await learner.keyboard.press('Enter');
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await speed.selectOption('1.5');
    await expect.poll(() => at(player), { timeout: 20_000 }).toBeGreaterThan(2.5);
    await learner.screenshot({ path: test.info().outputPath('learn-audio-390-en.png'), fullPage: true });
    await expectNoSidewaysScroll(learner);
    // Space on the player pauses (its shortcut, as for video); the position is saved on pause.
    await player.focus();
    await learner.keyboard.press(' ');
    await expect(player.getByRole('button', { name: 'Play' })).toBeVisible();
    const stoppedAt = await at(player);
    expect(stoppedAt).toBeGreaterThan(2.5);
    // Coming back: the page says where it resumes, and the player starts there.
    await learner.reload();
    await hydrated(learner);
    await expect(learner.locator('.learn-meta')).toContainText(/Resuming at 0:0[2-9]/);
    await player.getByRole('button', { name: 'Play' }).tap();
    await expect.poll(() => at(player), { timeout: 20_000 }).toBeGreaterThanOrEqual(Math.floor(stoppedAt));
    await player.getByRole('button', { name: 'Pause' }).tap();

    // Kiswahili, 360 px.
    await learner.locator('.topbar').getByRole('button', { name: 'Kiswahili' }).tap();
    await expect(learner.locator('html')).toHaveAttribute('lang', 'sw');
    await learner.setViewportSize({ width: 360, height: 740 });
    const kicheza = learner.getByRole('group', { name: 'Kicheza sauti: Kipindi cha 1: Karibu sokoni' });
    await expect(kicheza).toBeVisible();
    await expect(kicheza.getByRole('combobox', { name: 'Kasi ya kucheza' })).toBeVisible();
    await expect(learner.locator('.learn-meta')).toContainText('Sauti · 0:12');
    await learner.screenshot({ path: test.info().outputPath('learn-audio-360-sw.png'), fullPage: true });
    await expectNoSidewaysScroll(learner);
    await learner.goto(`/course/${courseId}`);
    await expect(learner.locator('.course-facts').getByText('somo 1 la sauti')).toBeVisible();
    await learner.screenshot({ path: test.info().outputPath('course-audio-360-sw.png') });
    await expectNoSidewaysScroll(learner);
    await context.close();
  });
});
