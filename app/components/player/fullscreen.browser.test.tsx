// Fullscreen on a phone turns a landscape picture sideways, and lets the phone turn freely again however
// fullscreen ends. The orientation calls are watched (a desktop browser refuses to lock); refusals are silent.
import { afterEach, expect, test, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { VideoPlayer } from './VideoPlayer.tsx';
import { InEnglish } from '#tests/components/inEnglish.tsx';

afterEach(() => vi.restoreAllMocks());

type Lockable = ScreenOrientation & { lock: (o: string) => Promise<void> };

test('Fullscreen locks to landscape for a landscape video; leaving fullscreen any way unlocks', async () => {
  const orientation = screen.orientation as Lockable;
  const lock = vi.spyOn(orientation, 'lock').mockRejectedValue(new DOMException('no', 'NotSupportedError'));
  const unlock = vi.spyOn(orientation, 'unlock').mockImplementation(() => {});
  const page = await render(<VideoPlayer src="/clip.mp4" label="Intro" />, { wrapper: InEnglish });
  const video = page.container.querySelector('video')!;
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => video.videoWidth).toBeGreaterThan(video.videoHeight);

  await page.getByRole('button', { name: 'Fullscreen' }).click();
  await expect.poll(() => lock.mock.calls).toEqual([['landscape']]);
  // The refusal is swallowed: the player stays in fullscreen and shows no error.
  await expect.element(page.getByRole('button', { name: 'Exit fullscreen' })).toBeVisible();
  expect(page.container.querySelector('.player-error')).toBeNull();

  // Left by the browser (Escape, the phone's Back), not by our button: the orientation is unlocked still.
  await document.exitFullscreen();
  await expect.poll(() => unlock.mock.calls.length).toBe(1);
  await expect.element(page.getByRole('button', { name: 'Fullscreen' })).toBeVisible();
});
