// The player in real Chromium, playing a real MP4 and a real HLS ladder (made by tests/components/globalSetup.ts).
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { VideoPlayer } from './VideoPlayer.tsx';
import { InEnglish } from '#tests/components/inEnglish.tsx';

const MP4 = '/clip.mp4'; // 30 s
const HLS = '/hls/master-video.m3u8'; // 4 s, 240p and 360p, no audio-only rendition
const HLS_LISTEN = '/hls/master-listen.m3u8'; // the same plus an audio-only rendition

beforeEach(() => localStorage.clear()); // the data saver choice is remembered there
afterEach(() => localStorage.clear());

async function mount(src: string | null) {
  const screen = await render(<VideoPlayer src={src} label="Intro to Python" />, { wrapper: InEnglish });
  const video = screen.container.querySelector('video')!;
  const button = (name: string) => screen.getByRole('button', { name, exact: true });
  // Speed, quality and data saver live in the settings panel (a phone's control bar has no room for them).
  const settings = () => button('Settings').click();
  return {
    screen,
    video,
    button,
    settings,
    player: screen.getByRole('group', { name: 'Video player: Intro to Python' }),
  };
}

/** Started, then paused at the start: the length is known and nothing moves while we look. */
async function startedAndPaused(src = MP4) {
  const p = await mount(src);
  await p.button('Play').click();
  await expect.poll(() => p.video.currentTime).toBeGreaterThan(0);
  await p.button('Pause').click();
  await expect.element(p.button('Play')).toBeVisible();
  return p;
}

describe('play and pause', () => {
  test('Play plays the video and becomes Pause; Pause stops it and becomes Play', async () => {
    const { video, button, player } = await mount(MP4);
    expect(video.paused).toBe(true);
    await button('Play').click();
    await expect.element(button('Pause')).toBeVisible();
    await expect.element(player).toHaveAttribute('data-state', 'playing');
    await expect.poll(() => video.currentTime).toBeGreaterThan(0.2);
    await button('Pause').click();
    await expect.element(button('Play')).toBeVisible();
    await expect.element(player).toHaveAttribute('data-state', 'paused');
    expect(video.paused).toBe(true);
  });
});

describe('seeking', () => {
  test('Forward and Back move 10 seconds, within the video, and the time display follows', async () => {
    const { screen, video, button } = await startedAndPaused();
    await expect.element(screen.getByText(/^0:0\d \/ 0:30$/)).toBeVisible();
    const start = video.currentTime;
    await button('Forward 10 seconds').click();
    await expect.poll(() => video.currentTime).toBeCloseTo(start + 10, 1);
    await expect.element(screen.getByText(/^0:1\d \/ 0:30$/)).toBeVisible();
    await button('Forward 10 seconds').click();
    await button('Forward 10 seconds').click();
    await expect.poll(() => video.currentTime).toBeCloseTo(30, 0); // not past the end
    await button('Back 10 seconds').click();
    await expect.poll(() => video.currentTime).toBeCloseTo(20, 0);
    await button('Back 10 seconds').click();
    await button('Back 10 seconds').click();
    await button('Back 10 seconds').click();
    await expect.poll(() => video.currentTime).toBe(0); // not before the start
    await expect.element(screen.getByText('0:00 / 0:30')).toBeVisible();
  });
});

describe('volume', () => {
  test('Mute silences and becomes Unmute; the volume slider shows 0 until unmuted', async () => {
    const { screen, video, button } = await startedAndPaused();
    const slider = screen.getByRole('slider', { name: 'Volume' });
    await expect.element(slider).toHaveValue('1');
    await button('Mute').click();
    await expect.element(button('Unmute')).toBeVisible();
    expect(video.muted).toBe(true);
    await expect.element(slider).toHaveValue('0');
    await button('Unmute').click();
    await expect.element(button('Mute')).toBeVisible();
    expect(video.muted).toBe(false);
    await expect.element(slider).toHaveValue('1');
  });

  test('arrow keys step the volume by 0.1, without float drift, and down to 0 mutes', async () => {
    const { screen, video, button, player } = await startedAndPaused();
    const slider = screen.getByRole('slider', { name: 'Volume' });
    (player.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await expect.element(slider).toHaveValue('0.7');
    expect(video.volume).toBe(0.7);
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(slider).toHaveValue('0.8');
    await userEvent.keyboard('{ArrowDown>8/}');
    await expect.element(slider).toHaveValue('0');
    await expect.element(button('Unmute')).toBeVisible();
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(slider).toHaveValue('0.1');
    expect(video.muted).toBe(false);
  });
});

describe('menus', () => {
  test('the speed menu offers 0.5× to 2× and sets the playback rate', async () => {
    const { screen, video, settings } = await startedAndPaused();
    await settings();
    const speed = screen.getByRole('combobox', { name: 'Playback speed' });
    const options = [...(speed.element() as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual(['0.5×', '0.75×', 'Normal', '1.25×', '1.5×', '1.75×', '2×']);
    await expect.element(speed).toHaveDisplayValue('Normal');
    await speed.selectOptions('1.5×');
    await expect.poll(() => video.playbackRate).toBe(1.5);
    await expect.element(speed).toHaveDisplayValue('1.5×');
  });

  test('an HLS stream gets a quality menu: Auto and each rendition, and Data saver can be turned on', async () => {
    const { screen, button, settings } = await mount(HLS);
    await button('Play').click();
    await settings();
    const quality = screen.getByRole('combobox', { name: 'Quality' });
    await expect.element(quality).toBeVisible();
    const options = () => [...(quality.element() as HTMLSelectElement).options].map((o) => o.text);
    expect(options()).toEqual(['Auto', '240p', '360p']);
    await expect.element(quality).toHaveDisplayValue('Auto');
    await quality.selectOptions('240p');
    await expect.element(quality).toHaveDisplayValue('240p');
    await button('Data saver (up to 360p)').click();
    await expect.element(button('Data saver (up to 360p)')).toHaveAttribute('aria-pressed', 'true');
    await expect.element(screen.getByText('Saver on')).toBeVisible();
    expect(options()).toEqual(['Auto', '240p', '360p']); // both fit in 360p
  });

  test('an MP4 has no quality menu', async () => {
    const { screen, settings } = await startedAndPaused();
    await settings();
    await expect.element(screen.getByRole('combobox', { name: 'Playback speed' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Quality' }).query()).toBeNull();
  });
});

describe('phones', () => {
  test('before the length is known the clock shows --:--, never 0:00 / 0:00', async () => {
    const { screen } = await mount(MP4);
    await expect.element(screen.getByText('--:-- / --:--')).toBeVisible();
    expect(screen.getByText('0:00 / 0:00').query()).toBeNull();
  });

  test('Listen only plays the audio rendition: no more video segments, the choice is remembered', async () => {
    const videoSegments = () =>
      performance.getEntriesByType('resource').filter((e) => /\/hls\/\d+p(-av1)?\/seg_/.test(e.name)).length;
    const first = await mount(HLS_LISTEN);
    await first.button('Play').click();
    await first.settings();
    const quality = first.screen.getByRole('combobox', { name: 'Quality' });
    await expect
      .poll(() => [...(quality.element() as HTMLSelectElement).options].map((o) => o.text))
      .toEqual(['Auto', '240p', '360p', 'Listen only']);
    await quality.selectOptions('Listen only');
    await expect.element(first.player).toHaveAttribute('data-listening', 'true');
    // The picture gives way to the course art and a "Listen only" badge (the first match; the menu's is second).
    await expect.element(first.screen.getByText('Listen only', { exact: true }).first()).toBeVisible();
    await expect.poll(() => first.video.paused).toBe(false);
    expect(localStorage.getItem('darasa.listenOnly')).toBe('on');
    await first.screen.unmount();

    // The next video on this device starts as sound only: not one video segment is fetched.
    performance.clearResourceTimings();
    const next = await mount(HLS_LISTEN);
    await next.button('Play').click();
    await expect.poll(() => next.video.currentTime).toBeGreaterThan(0.5);
    expect(videoSegments()).toBe(0);
    expect(performance.getEntriesByType('resource').some((e) => /\/hls\/audio(-opus)?\/seg_/.test(e.name))).toBe(true);
    await expect.element(next.player).toHaveAttribute('data-listening', 'true');
  });

  test('a master without an audio-only rendition offers no Listen only', async () => {
    const { screen, button, settings } = await mount(HLS);
    await button('Play').click();
    await settings();
    const quality = screen.getByRole('combobox', { name: 'Quality' });
    await expect.element(quality).toBeVisible();
    expect([...(quality.element() as HTMLSelectElement).options].map((o) => o.text)).not.toContain('Listen only');
  });
});

describe('errors', () => {
  test('no source: "Failed to load video" and "No video source provided", with nothing to retry', async () => {
    const { screen, button } = await mount(null);
    const alert = screen.getByRole('alert');
    await expect.element(alert.getByText('Failed to load video', { exact: true })).toBeVisible();
    await expect.element(alert.getByText('No video source provided', { exact: true })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' }).query()).toBeNull();
    await button('Play').click();
    await expect.element(alert.getByText('No video source provided', { exact: true })).toBeVisible();
  });

  test('a missing file: "Failed to load video" with a reason and "Try again"', async () => {
    const { screen, button, player } = await mount('/no-such-video.mp4');
    await button('Play').click();
    const alert = screen.getByRole('alert');
    await expect.element(alert.getByText('Failed to load video', { exact: true })).toBeVisible();
    await expect.element(player).toHaveAttribute('data-state', 'error');
    await expect.element(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    // The reason comes from the browser's media error (or play()'s refusal): worded by Chromium or by us.
    expect(alert.element().querySelector('.player-error-reason')!.textContent).toMatch(/\w/);
  });
});

describe('keyboard shortcuts', () => {
  test('K / Space play and pause, J / L and ←/→ seek 10 s, M mutes, > and < change speed', async () => {
    const { video, button, player, screen, settings } = await mount(MP4);
    (player.element() as HTMLElement).focus();
    await userEvent.keyboard('k');
    await expect.element(button('Pause')).toBeVisible();
    await expect.poll(() => video.currentTime).toBeGreaterThan(0);
    await userEvent.keyboard(' ');
    await expect.element(button('Play')).toBeVisible();
    const start = video.currentTime;
    await userEvent.keyboard('l');
    await expect.poll(() => video.currentTime).toBeCloseTo(start + 10, 1);
    await userEvent.keyboard('{ArrowRight}');
    await expect.poll(() => video.currentTime).toBeCloseTo(start + 20, 1);
    await userEvent.keyboard('j');
    await expect.poll(() => video.currentTime).toBeCloseTo(start + 10, 1);
    await userEvent.keyboard('{ArrowLeft}');
    await expect.poll(() => video.currentTime).toBeCloseTo(start, 1);
    await userEvent.keyboard('m');
    await expect.element(button('Unmute')).toBeVisible();
    await userEvent.keyboard('M');
    await expect.element(button('Mute')).toBeVisible();
    await settings(); // where the speed is shown; the shortcuts work wherever focus is in the player
    const speed = screen.getByRole('combobox', { name: 'Playback speed' });
    await userEvent.keyboard('>');
    await expect.element(speed).toHaveDisplayValue('1.25×');
    await userEvent.keyboard('<<');
    await expect.element(speed).toHaveDisplayValue('0.75×');
    expect(video.playbackRate).toBe(0.75);
  });

  test('Space on a focused control keeps its own meaning (presses that button once)', async () => {
    const { button, video } = await mount(MP4);
    (button('Play').element() as HTMLElement).focus();
    await userEvent.keyboard(' ');
    await expect.element(button('Pause')).toBeVisible();
    await expect.poll(() => video.paused).toBe(false);
  });
});

describe('an audio lesson (decision 0069)', () => {
  test('no picture, settings or fullscreen; the speed in the bar; it plays the Listen only variant', async () => {
    const screen = await render(<VideoPlayer src={HLS_LISTEN} label="Karibu" audio />, { wrapper: InEnglish });
    const player = screen.getByRole('group', { name: 'Audio player: Karibu' });
    await expect.element(player).toHaveAttribute('data-audio', 'true');
    const video = screen.container.querySelector('video')!;
    // (The picture's box is hidden by the stylesheet: tests/e2e/audioLessons.spec.ts checks it.)
    expect(screen.getByRole('button', { name: 'Settings' }).query()).toBeNull();
    expect(screen.getByRole('button', { name: /fullscreen/i }).query()).toBeNull();
    await screen.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => video.currentTime).toBeGreaterThan(0.2);
    // The audio-only rendition alone: no picture was decoded.
    expect(video.videoWidth).toBe(0);
    const speed = screen.getByRole('combobox', { name: 'Playback speed' });
    await speed.selectOptions('2×');
    await expect.poll(() => video.playbackRate).toBe(2);
  });
});
