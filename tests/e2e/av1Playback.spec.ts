// AV1 and Opus where the browser decodes them (decision 0066): on a phone, Chromium plays a demo preview
// from the AV1 renditions and "Listen only" from the Opus one, and fetches no H.264 at all; a browser whose
// MediaCapabilities reports no AV1 (an older phone) plays the same preview in H.264 and AAC.
import { expect, type Page, test } from '@playwright/test';
import { openCourse } from '#tests/e2e/courses.ts';
import { playingPast } from '#tests/e2e/playback.ts';
import { PHONE } from '#tests/e2e/screens.ts';

/** The rendition folder of every media segment fetched (`240p-av1`, `audio-opus`, `240p`…). */
function segmentFolders(page: Page): string[] {
  const folders: string[] = [];
  page.on('request', (r) => {
    const folder = /\/([\w-]+)\/seg_\d+\.m4s/.exec(r.url())?.[1];
    if (folder) folders.push(folder);
  });
  return folders;
}

async function playPreview(page: Page) {
  await openCourse(page, 'KCSE Mathematics Revision');
  await page.getByRole('button', { name: 'Preview' }).tap();
  const dialog = page.getByRole('dialog');
  await playingPast(dialog.locator('video'), 1);
  return dialog;
}

test.describe('on a phone that decodes AV1', () => {
  test.use(PHONE);

  test('the preview plays AV1 renditions, and Listen only plays Opus', async ({ page }, info) => {
    test.setTimeout(120_000);
    const folders = segmentFolders(page);
    const dialog = await playPreview(page);
    expect(folders.length).toBeGreaterThan(0);
    expect(
      folders.every((f) => /^\d+p-av1$/.test(f)),
      folders.join(' '),
    ).toBe(true);
    await page.screenshot({ path: info.outputPath('av1-preview.png') });

    await dialog.getByRole('button', { name: 'Pause' }).tap();
    await dialog.getByRole('button', { name: 'Settings' }).tap();
    // Counted from the switch: the player may fetch the Opus segments at once, even before playing on.
    const from = folders.length;
    await dialog.getByRole('combobox', { name: 'Quality' }).selectOption('Listen only');
    await expect(dialog.getByRole('group', { name: /^Video player: / })).toHaveAttribute('data-listening', 'true');
    await dialog.getByRole('button', { name: 'Close settings' }).tap();
    const video = dialog.locator('video');
    const at = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
    await dialog.getByRole('button', { name: 'Play', exact: true }).tap();
    await playingPast(video, at + 1);
    const after = folders.slice(from);
    const listening = after.indexOf('audio-opus');
    expect(listening, after.join(' ')).toBeGreaterThanOrEqual(0);
    // From the first Opus segment on, nothing but Opus (a video segment asked for before the switch may finish).
    expect(new Set(after.slice(listening)), after.join(' ')).toEqual(new Set(['audio-opus']));
  });
});

test.describe('on a phone whose MediaCapabilities reports no AV1', () => {
  test.use(PHONE);

  test('the preview plays H.264 and AAC', async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => {
      const caps = navigator.mediaCapabilities;
      const decodingInfo = caps.decodingInfo.bind(caps);
      caps.decodingInfo = (config) =>
        /av01/.test(config.video?.contentType ?? '')
          ? Promise.resolve({ supported: false, smooth: false, powerEfficient: false } as MediaCapabilitiesDecodingInfo)
          : decodingInfo(config);
    });
    const folders = segmentFolders(page);
    await playPreview(page);
    expect(folders.length).toBeGreaterThan(0);
    expect(
      folders.every((f) => /^\d+p$/.test(f)),
      folders.join(' '),
    ).toBe(true);
  });
});
