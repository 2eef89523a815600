// Captions end to end: the free demo course's creator uploads English captions for an episode in the studio;
// a learner on a phone (390×844) who owns the course turns CC on in the player's settings and the browser
// shows the cue (a native text track, showing, with the cue active); the choice is remembered on reload.
// The captions are deleted again afterwards, so the shared demo course is as other specs expect it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { enrollInFreeCourse, openCourse, playingPast, signUpLearner } from '#tests/e2e/learner.ts';
import { FREE_COURSE, signIn } from '#tests/e2e/learnerHelpers.ts';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const EPISODE = 3;
const CUE = 'Karibu! Captions are on.';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-captions-e2e-'));
// SRT, so the upload also goes through the server's conversion to WebVTT; one cue covers the whole episode.
const file = path.join(dir, 'workout.en.srt');
fs.writeFileSync(file, `1\r\n00:00:00,000 --> 01:00:00,000\r\n${CUE}\r\n`);
let courseId = '';

async function openEditorAsCreator(page: Page) {
  courseId = await openCourse(page, FREE_COURSE);
  await signIn(page, 'amina@darasa.test');
  await page.goto(`/creator/course/${courseId}`);
  await expect(page.getByRole('heading', { name: /^Episodes \(/ })).toBeVisible();
}

test.afterAll(async ({ browser }, info) => {
  fs.rmSync(dir, { recursive: true, force: true });
  if (!courseId) return;
  const page = await browser.newPage({ baseURL: info.project.use.baseURL });
  await openEditorAsCreator(page);
  const del = page.getByRole('button', { name: `Delete English captions for episode ${EPISODE}` });
  if (await del.count()) {
    page.once('dialog', (d) => void d.accept());
    await del.click();
    await expect(page.getByText('Captions deleted.')).toBeVisible();
  }
  await page.close();
});

test('a creator uploads captions; a learner on a phone turns CC on and sees them', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  await openEditorAsCreator(page);
  await page.getByLabel(`Upload English captions for episode ${EPISODE}`).setInputFiles(file);
  await expect(page.getByText('Captions saved.')).toBeVisible();
  await expect(page.getByText('English: 1 caption', { exact: true })).toBeVisible();

  const phone = await browser.newContext({ ...PHONE, baseURL: info.project.use.baseURL });
  const learner = await phone.newPage();
  await signUpLearner(learner);
  await enrollInFreeCourse(learner);
  await learner.goto(`/learn/${courseId}/${EPISODE}`);
  const player = learner.getByRole('group', { name: /^Video player: / });
  const video = player.locator('video');
  await player.getByRole('button', { name: 'Play', exact: true }).tap();
  await playingPast(video, 0.3);

  await player.getByRole('button', { name: 'Settings' }).tap();
  const cc = player.getByRole('combobox', { name: 'Captions' });
  await expect(cc).toBeVisible();
  const box = (await cc.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await cc.selectOption({ label: 'English' });
  await player.getByRole('button', { name: 'Close settings' }).tap();

  const shown = () =>
    video.evaluate((v: HTMLVideoElement) => {
      const t = Array.from(v.textTracks).find((k) => k.mode === 'showing');
      const cue = t?.activeCues?.[0] as VTTCue | undefined;
      return t ? `${t.language} ${t.label}: ${cue?.text ?? ''}` : 'none';
    });
  await expect.poll(shown, { timeout: 15_000 }).toBe(`en English: ${CUE}`);
  // Drawn above the control bar, which lies over the bottom of the picture: the cue's box ends above it.
  const room = await player.evaluate((p) => {
    const v = p.querySelector('video')!;
    const cue = v.textTracks[0]?.cues?.[0] as VTTCue | undefined;
    const bar = p.querySelector<HTMLElement>('.player-controls')!.offsetHeight;
    return typeof cue?.line === 'number' ? v.clientHeight * (1 - cue.line / 100) - bar : -1;
  });
  expect(room).toBeGreaterThan(0);
  await learner.screenshot({ path: info.outputPath('phone-captions-on.png') });
  expect(await learner.evaluate(() => localStorage.getItem('darasa.captions'))).toBe('en');

  // Remembered: the next visit starts with captions on.
  await learner.reload();
  await player.getByRole('button', { name: 'Play', exact: true }).tap();
  await playingPast(video, 0.3);
  await expect.poll(shown, { timeout: 15_000 }).toBe(`en English: ${CUE}`);
  await phone.close();
});
