// Captions end to end: the free demo course's creator uploads English captions for an episode in the studio;
// a learner on a phone (390×844) who owns the course turns CC on in the player's settings and the browser
// shows the cue (a native text track, showing, with the cue active); the choice is remembered on the device.
// Then the free previews: captions on episode 1 of the landing page's featured course show in the course
// page's Preview modal once chosen there, and the landing hero's player starts with them (the same remembered
// choice). The captions are deleted again afterwards, so the shared demo courses are as other specs expect.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, test, type Page } from '@playwright/test';
import { enrollInFreeCourse, FREE_COURSE, openCourse } from '#tests/e2e/courses.ts';
import { registerLearner, signIn } from '#tests/e2e/people.ts';
import { playingPast } from '#tests/e2e/playback.ts';
import { PHONE } from '#tests/e2e/screens.ts';

const EPISODE = 3;
const CUE = 'Karibu! Captions are on.';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-captions-e2e-'));
// SRT, so the upload also goes through the server's conversion to WebVTT; one cue covers the whole episode.
const file = path.join(dir, 'workout.en.srt');
fs.writeFileSync(file, `1\r\n00:00:00,000 --> 01:00:00,000\r\n${CUE}\r\n`);
const CREATORS: Record<string, string> = {
  'Wanjiru Kamau': 'creator@darasa.test',
  'Amina Hassan': 'amina@darasa.test',
};
// Captions this spec uploaded, deleted again after it.
const uploaded: { courseId: string; email: string; episode: number }[] = [];
let courseId = '';

async function openEditor(page: Page, id: string, email: string) {
  await signIn(page, email);
  await page.goto(`/creator/course/${id}`);
  await expect(page.getByRole('heading', { name: /^Episodes \(/ })).toBeVisible();
}

async function uploadCaptions(page: Page, id: string, email: string, episode: number) {
  await openEditor(page, id, email);
  await page.getByLabel(`Upload English captions for episode ${episode}`).setInputFiles(file);
  await expect(page.getByText('Captions saved.')).toBeVisible();
  uploaded.push({ courseId: id, email, episode });
}

test.afterAll(async ({ browser }, info) => {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const { courseId: id, email, episode } of uploaded) {
    const page = await browser.newPage({ baseURL: info.project.use.baseURL });
    await openEditor(page, id, email);
    const del = page.getByRole('button', { name: `Delete English captions for episode ${episode}` });
    if (await del.count()) {
      page.once('dialog', (d) => void d.accept());
      await del.click();
      await expect(page.getByText('Captions deleted.')).toBeVisible();
    }
    await page.close();
  }
});

/** The text track the browser shows, with its active cue ("none" when captions are off). */
const shownCaption = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => {
    const t = Array.from(v.textTracks).find((k) => k.mode === 'showing');
    const cue = t?.activeCues?.[0] as VTTCue | undefined;
    return t ? `${t.language} ${t.label}: ${cue?.text ?? ''}` : 'none';
  });

test('a creator uploads captions; a learner on a phone turns CC on and sees them', async ({ page, browser }, info) => {
  test.setTimeout(120_000);
  courseId = await openCourse(page, FREE_COURSE);
  await uploadCaptions(page, courseId, 'amina@darasa.test', EPISODE);
  await expect(page.getByText('English: 1 caption', { exact: true })).toBeVisible();

  const phone = await browser.newContext({ ...PHONE, baseURL: info.project.use.baseURL });
  const learner = await phone.newPage();
  await registerLearner(learner);
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

  const shown = () => shownCaption(video);
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
  // Remembered on the device: a later player starts with it (the landing hero below).
  expect(await learner.evaluate(() => localStorage.getItem('darasa.captions'))).toBe('en');
  await phone.close();
});

test('the free previews show captions too: the course page Preview, then the landing hero', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(120_000);
  // The featured course's creator captions its episode 1, the free preview.
  await page.goto('/');
  const featured = page.getByRole('region').filter({ hasText: 'FEATURED' });
  const creator = (await featured.locator('.hero-creator').textContent())!.trim();
  await featured.getByRole('link', { name: 'View Course' }).click();
  await expect(page).toHaveURL(/\/course\//);
  const heroCourse = new URL(page.url()).pathname.split('/').pop()!;
  await uploadCaptions(page, heroCourse, CREATORS[creator]!, 1);

  // A visitor on a phone previews episode 1 and turns CC on in the modal's player.
  const phone = await browser.newContext({ ...PHONE, baseURL: info.project.use.baseURL });
  const visitor = await phone.newPage();
  await visitor.goto(`/course/${heroCourse}`);
  await visitor.getByRole('button', { name: 'Preview' }).tap();
  const modal = visitor.getByRole('dialog');
  const preview = modal.locator('video');
  await playingPast(preview, 0.3);
  expect(await shownCaption(preview)).toBe('none');
  await modal.getByRole('button', { name: 'Settings' }).tap();
  await modal.getByRole('combobox', { name: 'Captions' }).selectOption({ label: 'English' });
  await modal.getByRole('button', { name: 'Close settings' }).tap();
  await expect.poll(() => shownCaption(preview), { timeout: 15_000 }).toBe(`en English: ${CUE}`);
  await visitor.screenshot({ path: info.outputPath('phone-preview-captions.png') });
  await modal.getByRole('button', { name: 'Close Preview' }).tap();

  // The landing hero plays the same episode in place, with the remembered choice.
  await visitor.goto('/');
  const hero = visitor.getByRole('region').filter({ hasText: 'FEATURED' });
  await hero.getByRole('button', { name: 'Play', exact: true }).first().tap();
  const video = hero.locator('video');
  await playingPast(video, 0.3);
  await expect.poll(() => shownCaption(video), { timeout: 15_000 }).toBe(`en English: ${CUE}`);
  await visitor.screenshot({ path: info.outputPath('phone-hero-captions.png') });
  await phone.close();
});
