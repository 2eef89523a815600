// A creator builds a course in the browser: thumbnail and trailer uploads, two episodes with real clips
// (made by ffmpeg here), publishing; the course then shows on the landing page and its own page. Another
// creator opening the same editor URL gets the not-found page.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { registerCreator, unique } from '#tests/e2e/people.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-studio-e2e-'));
const files = {
  big: path.join(dir, 'long-lesson.avi'),
  thumb: path.join(dir, 'cover.png'),
  trailer: path.join(dir, 'trailer.mp4'),
  ep1: path.join(dir, 'ep1.mp4'),
  ep2: path.join(dir, 'ep2.mp4'),
};

test.beforeAll(async () => {
  await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#7a3b12' } })
    .png()
    .toFile(files.thumb);
  for (const [file, freq] of [
    [files.trailer, 330],
    [files.ep1, 440],
    [files.ep2, 550],
  ] as const) {
    // Tiny clips: the demo server transcodes them while the test waits.
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=25',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${freq}`,
      '-t',
      '2',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      file,
    ]);
  }
});
test.beforeAll(() => {
  // About 57 MB, uncompressed: big enough to reload the tab half-way on a throttled connection.
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25',
    '-frames:v',
    '500',
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    files.big,
  ]);
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a creator builds, publishes and sees a course; another creator cannot open its editor', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await registerCreator(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: '+ New Course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Course' })).toBeVisible();

  // The required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Save Course' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');

  const title = `Ufugaji wa Nyuki <b>${unique()}</b>`;
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Description *').fill('Beekeeping for beginners, from the first hive to the first harvest.');
  await page.getByLabel('What learners will learn (one per line)').fill('Set up a hive\n\nHarvest honey safely');
  await page.getByLabel('Requirements (one per line)').fill('A veil and gloves');
  await page.getByLabel('Price (KES)').fill('1200');
  await page.getByLabel('Category *').selectOption('lifestyle');
  await page.getByLabel('Thumbnail', { exact: true }).setInputFiles(files.thumb);
  await expect(page.getByRole('img', { name: 'Thumbnail preview' })).toBeVisible();
  await expect(page.locator('.upload-field').filter({ hasText: 'Thumbnail' }).getByText('Ready')).toBeVisible();
  await page.getByLabel('Trailer', { exact: true }).setInputFiles(files.trailer);
  await expect(page.getByLabel('Trailer preview')).toBeVisible();
  await page.getByRole('button', { name: 'Save Course' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Course saved successfully!' })).toBeVisible();
  await expect(page).toHaveURL(/\/creator\/course\/[0-9A-Za-z]+$/);
  const editorUrl = new URL(page.url()).pathname;
  const courseId = editorUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeVisible();

  // Episodes: "Add Episode" stays disabled until both a title and a video are there.
  const add = page.getByRole('button', { name: 'Add Episode' });
  for (const [name, file] of [
    ['Kuchagua mzinga', files.ep1],
    ['Kuvuna asali', files.ep2],
  ] as const) {
    await expect(add).toBeDisabled();
    await page.getByLabel('Episode title *').fill(name);
    await expect(add).toBeDisabled();
    await page.getByLabel('Episode video *').setInputFiles(file);
    await expect(add).toBeEnabled({ timeout: 30_000 });
    await add.click();
    await expect(page.getByRole('status').filter({ hasText: 'Episode added successfully!' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  const episodes = page.locator('.studio-episode');
  await expect(episodes).toHaveCount(2);
  // Reordering by keyboard-reachable buttons, then back.
  await page.getByRole('button', { name: 'Move episode 1 down' }).click();
  await expect(episodes.first().getByRole('heading', { level: 3 })).toHaveText('Kuvuna asali');
  await page.getByRole('button', { name: 'Move episode 1 down' }).click();
  await expect(episodes.first().getByRole('heading', { level: 3 })).toHaveText('Kuchagua mzinga');

  // The videos are transcoded in the background; the editor follows their state until they are ready.
  await expect(episodes.getByText('Ready')).toHaveCount(2, { timeout: 180_000 });
  await page.getByRole('switch', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Save Course' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Course saved successfully!' })).toBeVisible();
  await expect(page.locator('.studio-status').getByText('Published')).toBeVisible();

  // Public at once: first in "Trending Now" and on its page (the title's markup shown as text).
  await page.goto('/');
  const trending = page.getByRole('region', { name: 'Trending Now' });
  await expect(trending.getByRole('link').filter({ hasText: title }).first()).toBeVisible();
  await page.goto(`/course/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Kuchagua mzinga')).toBeVisible();
  await expect(page.getByText('Kuvuna asali')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What you will learn' }).getByRole('listitem')).toHaveText([
    'Set up a hive',
    'Harvest honey safely',
  ]);
  await expect(page.getByRole('region', { name: 'Requirements' }).getByRole('listitem')).toHaveText([
    'A veil and gloves',
  ]);

  // The dashboard lists it as published.
  await page.goto('/creator');
  const card = page.locator('.studio-course').filter({ hasText: title });
  await expect(card.getByText('Published')).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Analytics' })).toHaveAttribute(
    'href',
    `/creator/course/${courseId}/analytics`,
  );

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await registerCreator(otherPage);
  const res = await otherPage.goto(editorUrl);
  expect(res?.status()).toBe(404);
  await expect(otherPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(otherPage.getByText(title)).toHaveCount(0);
  await other.close();
});

test('an upload continues after the tab is reloaded, without sending finished bytes again', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await registerCreator(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // A slow uplink (about 4 MB/s) so the reload lands half-way.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 10e6,
    uploadThroughput: 4e6,
  });
  await page.goto('/creator/course/new');
  await page.getByLabel('Trailer', { exact: true }).setInputFiles(files.big);
  const progress = page.locator('.upload-field').filter({ hasText: 'Trailer' }).locator('progress');
  await expect
    .poll(async () => Number(await progress.getAttribute('value')), { timeout: 60_000 })
    .toBeGreaterThanOrEqual(30);
  await page.reload();

  const offsets: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/uploads/')) offsets.push(Number(r.headers()['upload-offset']));
  });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // Picking the same file again finds the earlier upload by its fingerprint and asks the server where it stopped.
  await page.getByLabel('Trailer', { exact: true }).setInputFiles(files.big);
  await expect(
    page
      .locator('.upload-field')
      .filter({ hasText: 'Trailer' })
      .getByText(/Queued for processing|Processing|Ready/),
  ).toBeVisible({ timeout: 60_000 });
  expect(offsets[0]).toBeGreaterThan(0.25 * fs.statSync(files.big).size);
});
