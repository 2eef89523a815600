// Playback as a person sees it: the video playing, its clock moving.
import { expect, type Locator } from '@playwright/test';

/** Resolves with the position once the video is really playing past `after` seconds. */
export async function playingPast(video: Locator, after: number) {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.paused ? -1 : v.currentTime)), { timeout: 30_000 })
    .toBeGreaterThan(after);
  return video.evaluate((v: HTMLVideoElement) => v.currentTime);
}
