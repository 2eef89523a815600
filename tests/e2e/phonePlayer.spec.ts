// The player on a learner's phone (390×844, DPR 3, touch): Play on an owned course plays at once, every
// control fits and is a ≥ 44 px target (learning page and preview modal), the player never fetches a
// rendition taller than the screen rule allows, two taps on a side seek 10 s, a preview whose link expired
// plays with a fresh one and still offers "Listen only", and the data meter counts what was downloaded. The
// demo ladder has no audio-only rendition yet: that test adds one made by ffmpeg
// (tests/support/audioRendition.ts) to the real master playlist. What "Listen only" then fetches, and that
// the choice is remembered, is app/components/player/VideoPlayer.browser.test.tsx's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { enrollInFreeCourse, openCourse } from '#tests/e2e/courses.ts';
import { hydrated } from '#tests/e2e/hydration.ts';
import { registerLearner } from '#tests/e2e/people.ts';
import { playingPast } from '#tests/e2e/playback.ts';
import { PHONE } from '#tests/e2e/screens.ts';
import { AUDIO_VARIANT, makeAudioRendition } from '#tests/support/audioRendition.ts';

const MIN_TARGET = 44;
const RUNGS = [240, 360, 480, 720];
// H.264 (`240p/`) or AV1 (`240p-av1/`, where the browser decodes it: decision 0066) alike.
const rendition = (url: string) => Number(/\/(\d+)p(?:-av1)?\//.exec(url)?.[1] ?? 0);
const videoSegment = /\/\d+p(?:-av1)?\/seg_\d+\.m4s/;

/**
 * Visible, wholly inside the viewport, on top at its centre (not covered), and at least 44×44 px. Scrolled
 * to first: the settings panel of the smallest player scrolls.
 */
async function expectFits(page: Page, control: Locator, min = MIN_TARGET) {
  await expect(control).toBeVisible();
  await control.scrollIntoViewIfNeeded();
  const box = (await control.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  const name = await control.evaluate((e) => e.getAttribute('aria-label') ?? e.textContent);
  expect(box.x, `${name} starts inside`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${name} starts inside`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends inside`).toBeLessThanOrEqual(width + 0.5);
  expect(box.y + box.height, `${name} ends inside`).toBeLessThanOrEqual(height + 0.5);
  expect(box.width, `${name} width`).toBeGreaterThanOrEqual(min);
  expect(box.height, `${name} height`).toBeGreaterThanOrEqual(min);
  const onTop = await control.evaluate((e) => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && (hit === e || e.contains(hit));
  });
  expect(onTop, `${name} is not covered`).toBe(true);
}

/** Every control of the bar, then every control of the settings panel (closed again afterwards). */
async function expectAllControlsFit(page: Page, player: Locator, { volumeSlider = true } = {}) {
  for (const name of ['Back 10 seconds', 'Forward 10 seconds', 'Settings', 'Fullscreen'])
    await expectFits(page, player.getByRole('button', { name, exact: true }));
  await expectFits(page, player.getByRole('button', { name: /^(Play|Pause)$/ }));
  await expectFits(page, player.getByRole('button', { name: /^(Mute|Unmute)$/ }));
  await expectFits(page, player.getByRole('slider', { name: 'Seek' }));
  if (volumeSlider) await expectFits(page, player.getByRole('slider', { name: 'Volume' }));
  await expectFits(page, player.locator('.player-time'), 0);
  await expect(player.locator('.player-time')).toHaveText(/^\d+:\d\d \/ \d+:\d\d$/);
  await player.getByRole('button', { name: 'Settings' }).tap();
  for (const name of ['Playback speed', 'Quality']) await expectFits(page, player.getByRole('combobox', { name }));
  for (const name of ['Data saver (up to 360p)', 'Close settings'])
    await expectFits(page, player.getByRole('button', { name, exact: true }));
  await expectFits(page, player.getByText(/^This week: /), 0);
  await player.getByRole('button', { name: 'Close settings' }).tap();
}

/** The tallest rung the rule allows: displayed picture height (16:9 in the box) × min(DPR, 2). */
async function allowedRung(video: Locator, dpr: number) {
  const box = (await video.boundingBox())!;
  const shown = Math.min(box.height, (box.width * 9) / 16);
  return Math.max(RUNGS[0]!, ...RUNGS.filter((r) => r <= Math.ceil(shown * Math.min(dpr, 2))));
}

/** Presses Play once the page is alive (a press before hydration does nothing) and sees the video start. */
async function pressPlay(player: Locator, how: 'tap' | 'click' = 'tap') {
  const video = player.locator('video');
  await expect(async () => {
    const play = player.getByRole('button', { name: 'Play', exact: true });
    if (await play.isVisible()) await play[how]();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused), { timeout: 3000 }).toBe(true);
  }).toPass({ timeout: 30_000 });
}

const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** Plays until `seconds` of playback passed or the video ended. */
async function watch(video: Locator, seconds: number) {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.ended ? Infinity : v.currentTime)), {
      timeout: (seconds + 20) * 1000,
    })
    .toBeGreaterThanOrEqual(seconds);
}

/** Opens the episode 1 preview of a paid demo course; collects the rendition of every video segment fetched. */
async function playPreview(page: Page) {
  const renditions: number[] = [];
  page.on('request', (r) => videoSegment.test(r.url()) && renditions.push(rendition(r.url())));
  await openCourse(page, 'KCSE Mathematics Revision');
  await page.getByRole('button', { name: 'Preview' }).tap();
  const dialog = page.getByRole('dialog');
  const video = dialog.locator('video');
  await playingPast(video, 0.5);
  return { renditions, dialog, video };
}

test.describe('on a phone', () => {
  test.use(PHONE);

  test('Play on an owned course plays at once; every control fits; the data meter counts', async ({ page }, info) => {
    test.setTimeout(120_000);
    await registerLearner(page);
    const courseId = await enrollInFreeCourse(page);
    await page.reload(); // now owned: each episode has Play
    await page.locator(`a[href="/learn/${courseId}/2"]`).tap();
    await expect(page).toHaveURL(new RegExp(`/learn/${courseId}/2$`));
    const player = page.getByRole('group', { name: /^Video player: / });
    const video = player.locator('video');
    // No second press: the video plays and its time advances.
    const first = await playingPast(video, 0.5);
    await playingPast(video, first + 1);
    await page.screenshot({ path: info.outputPath('phone-learn-playing.png') });

    await player.getByRole('button', { name: 'Pause' }).tap();
    await expectAllControlsFit(page, player);

    // The data meter shows what this week's playback downloaded, and grows as more plays.
    await player.getByRole('button', { name: 'Settings' }).tap();
    const meter = player.getByText(/^This week: /);
    const mb = async () => Number(/([\d.]+) MB/.exec((await meter.textContent()) ?? '')?.[1]);
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('darasa.dataMeter') ?? '{}').bytes ?? 0);
    const before = await stored();
    // A second or two of 240p: ≈ 60 kB in AV1 where the browser decodes it (decision 0066), ≈ 120 kB in H.264.
    expect(before).toBeGreaterThan(30_000);
    expect(await mb()).toBeCloseTo(before / 1_000_000, 1);
    await page.screenshot({ path: info.outputPath('phone-learn-settings.png') });
    await player.getByRole('button', { name: 'Close settings' }).tap();
    // The next episode plays at once too, and what it downloads adds to the week's total.
    await page.getByRole('link', { name: 'Next episode →' }).tap();
    await expect(page).toHaveURL(new RegExp(`/learn/${courseId}/3$`));
    await playingPast(video, 0.5);
    await expect.poll(stored, { timeout: 20_000 }).toBeGreaterThan(before);
  });

  test("a tap on Play while the player's code is still downloading is not lost", async ({ page }) => {
    test.setTimeout(120_000);
    await registerLearner(page);
    const courseId = await enrollInFreeCourse(page);
    // The player's code arrives late, as on a slow connection (the context's route also sees the service
    // worker's requests).
    let release = () => {};
    const late = new Promise<void>((r) => {
      release = r;
    });
    await page.context().route(/\/assets\/VideoPlayer-[^/]+\.js$/, async (route) => {
      await late;
      await route.continue();
    });
    await page.goto(`/learn/${courseId}/2`);
    await hydrated(page);
    const player = page.getByRole('group', { name: /^Video player: / });
    const play = player.getByRole('button', { name: 'Play', exact: true });
    // Once in a full run (not seen alone) React had rendered the player afresh, showing "Loading video" with
    // no Play to tap until the code came; the code is let through then, or the test would wait for ever.
    const loading = page.getByRole('status', { name: 'Loading video' });
    const first = await Promise.race([
      play.waitFor().then(() => 'play' as const),
      // The loser is still waiting when the test ends: its rejection then is no failure.
      loading.waitFor().then(
        () => 'loading' as const,
        () => 'play' as const,
      ),
    ]);
    if (first === 'loading') release();
    await play.tap();
    release();
    // One tap is enough: it was held while the code downloaded, then pressed on the ready player.
    await playingPast(player.locator('video'), 0.5);
  });

  test('the preview modal: every control fits and nothing above the screen rule is fetched', async ({ page }, info) => {
    test.setTimeout(120_000);
    const { renditions, dialog, video } = await playPreview(page);
    await page.screenshot({ path: info.outputPath('phone-preview.png') });
    await dialog.getByRole('button', { name: 'Pause' }).tap();
    await expectAllControlsFit(page, dialog);
    await dialog.getByRole('button', { name: 'Play' }).tap();
    await watch(video, 20);
    const allowed = await allowedRung(video, 3);
    expect(renditions.length).toBeGreaterThan(0);
    expect(Math.max(...renditions)).toBeLessThanOrEqual(allowed);
    // The size beside the episode is for that rendition, not the video's best.
    await expect(page.locator('.episode').first().locator('.playback-cost')).toContainText(`at ${allowed}p`);
  });

  test('a 320 px phone: the preview player fetches only 240p, which is all its picture can show; the size shown is what it downloads', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 640 });
    // Every byte of the rendition's files (playlist, init, segments), once per file whoever asked for it.
    const downloaded = new Map<string, number>();
    page.on('response', async (r) => {
      const file = /\/media\/s\/[^/]+\/(.+\/\d+p(?:-av1)?\/[^/?]+)/.exec(r.url())?.[1];
      if (file && r.ok()) downloaded.set(file, (await r.body()).length);
    });
    const { renditions, dialog, video } = await playPreview(page);
    const shown = page.locator('.episode').first().locator('.playback-cost');
    await expect(shown).toContainText('at 240p');
    expect(await allowedRung(video, 3)).toBe(240); // under 180 CSS px tall: × 2 is under 360 device px
    await dialog.getByRole('button', { name: 'Pause' }).tap();
    // So narrow a player leaves the volume to the phone's buttons; Mute stays.
    await expectAllControlsFit(page, dialog, { volumeSlider: false });
    await page.screenshot({ path: test.info().outputPath('phone-320-preview.png') });
    await dialog.getByRole('button', { name: 'Play' }).tap();
    await watch(video, 20);
    expect([...new Set(renditions)]).toEqual([240]);
    // Played to the end: what came down matches the figure beside the episode within 10 %.
    expect(await video.evaluate((v: HTMLVideoElement) => v.ended)).toBe(true);
    const figure = Number(await shown.getAttribute('data-bytes'));
    const total = [...downloaded.values()].reduce((a, b) => a + b, 0);
    expect(total / figure).toBeGreaterThan(0.9);
    expect(total / figure).toBeLessThan(1.1);
  });

  test('two taps on the right or left of the picture seek 10 s forward or back', async ({ page }) => {
    await registerLearner(page);
    const courseId = await enrollInFreeCourse(page);
    await page.goto(`/learn/${courseId}/3`); // 12 s long
    const player = page.getByRole('group', { name: /^Video player: / });
    const video = player.locator('video');
    await pressPlay(player);
    await playingPast(video, 0.5);
    await player.getByRole('button', { name: 'Pause' }).tap();
    const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(11);
    await video.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 1;
    });
    const box = (await video.boundingBox())!;
    const doubleTap = async (x: number) => {
      await page.touchscreen.tap(x, box.y + 30);
      await page.touchscreen.tap(x, box.y + 30);
    };
    await doubleTap(box.x + box.width * 0.85);
    await expect.poll(() => currentTime(video)).toBeCloseTo(11, 0);
    await doubleTap(box.x + box.width * 0.15);
    await expect.poll(() => currentTime(video)).toBeCloseTo(1, 0);
    // A single tap on a stopped video plays it.
    await page.touchscreen.tap(box.x + box.width / 2, box.y + 30);
    await playingPast(video, 1.5);
  });

  test('Preview on screen fetches the first 240p segment ahead, not with data saver on', async ({ page }) => {
    const segments: string[] = [];
    page.on('request', (r) => videoSegment.test(r.url()) && segments.push(r.url()));
    await openCourse(page, 'KCSE Mathematics Revision');
    await page.getByRole('button', { name: 'Preview' }).scrollIntoViewIfNeeded();
    await expect.poll(() => segments.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(segments.map(rendition)).toEqual([240]);

    await page.evaluate(() => localStorage.setItem('darasa.dataSaver', 'on'));
    segments.length = 0;
    await page.reload();
    await hydrated(page);
    await page.getByRole('button', { name: 'Preview' }).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(segments).toEqual([]);
  });

  // page.route cannot see what a service worker fetches: this test rewrites media answers, so no worker.
  test.describe('with media answers rewritten', () => {
    test.use({ serviceWorkers: 'block' });

    test('a preview whose link expired in a cached page still offers Listen only after the fresh link', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-listen-'));
      await makeAudioRendition(dir, { seconds: 20 });
      // The master playlist answers as for an expired token until the player has asked for a fresh link.
      let renewedAsked = false;
      let refused = 0;
      page.on('request', (r) => {
        if (/\/media\/play\/[^/]+$/.test(r.url())) renewedAsked = true;
      });
      await page.route(/\/media\/s\/[^/]+\/[^/]+\/master\.m3u8$/, async (route) => {
        if (!renewedAsked) {
          refused++;
          return route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: '{"error":{"code":"forbidden"}}',
          });
        }
        const res = await route.fetch();
        return route.fulfill({ response: res, body: `${(await res.text()).trimEnd()}\n${AUDIO_VARIANT}` });
      });
      await page.route(/\/media\/s\/[^/]+\/[^/]+\/audio\/([\w.]+)$/, (route) => {
        const file = path.join(dir, 'audio', /\/audio\/([\w.]+)$/.exec(route.request().url())![1]!);
        return route.fulfill({
          path: file,
          contentType: file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : '',
        });
      });
      // The stale link was refused, a fresh one asked for, and the preview plays with it.
      const { dialog } = await playPreview(page);
      expect(refused).toBeGreaterThan(0);
      expect(renewedAsked).toBe(true);
      await dialog.getByRole('button', { name: 'Settings' }).tap();
      await dialog.getByRole('combobox', { name: 'Quality' }).selectOption('Listen only');
      await expect(dialog.getByRole('group', { name: /^Video player: / })).toHaveAttribute('data-listening', 'true');
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });
});
