// The countdown to the next episode, alone and at the end of a real video.
import { describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { NextCountdown } from './NextCountdown.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';
import { InEnglish } from '#tests/components/inEnglish.tsx';

const MP4 = '/clip.mp4'; // 30 s

async function countdown(seconds?: number) {
  const onPlayNow = vi.fn();
  const onCancel = vi.fn();
  const screen = await render(
    <NextCountdown title="Variables" onPlayNow={onPlayNow} onCancel={onCancel} {...(seconds ? { seconds } : {})} />,
    { wrapper: InEnglish },
  );
  return { screen, onPlayNow, onCancel };
}

describe('the countdown to the next episode', () => {
  test('names the next episode, counts down from 5 and then starts it, once', async () => {
    const { screen, onPlayNow } = await countdown();
    await expect.element(screen.getByText('Next: Variables in 5')).toBeVisible();
    await expect.element(screen.getByText('Next: Variables in 4')).toBeVisible();
    expect(onPlayNow).not.toHaveBeenCalled();
    await expect.poll(() => onPlayNow.mock.calls.length, { timeout: 6000 }).toBe(1);
  });

  test('says it once to a screen reader, politely, with the unit', async () => {
    const { screen } = await countdown();
    const live = screen.container.querySelector('[aria-live="polite"]');
    await expect.poll(() => live?.textContent).toBe('Next: Variables in 5 seconds');
    await expect.element(screen.getByText('Next: Variables in 4')).toBeVisible();
    expect(live?.textContent).toBe('Next: Variables in 5 seconds');
  });

  test('Play now starts the next episode at once; Cancel and Escape stop the countdown', async () => {
    const { screen, onPlayNow, onCancel } = await countdown();
    await screen.getByRole('button', { name: 'Play now' }).click();
    expect(onPlayNow).toHaveBeenCalledTimes(1);
    await screen.getByRole('button', { name: 'Cancel' }).click();
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  test('its buttons are reached with the keyboard', async () => {
    const { screen, onPlayNow } = await countdown();
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect.element(screen.getByRole('button', { name: 'Play now' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onPlayNow).toHaveBeenCalledTimes(1);
  });
});

describe('the player at the end of a video', () => {
  async function playToTheEnd(upNext?: { title: string; play: () => void }) {
    const screen = await render(<VideoPlayer src={MP4} label="Intro" upNext={upNext} />, { wrapper: InEnglish });
    const video = screen.container.querySelector('video')!;
    await screen.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => video.duration).toBeGreaterThan(0);
    video.currentTime = video.duration - 0.3;
    await expect.poll(() => video.ended).toBe(true);
    return screen;
  }

  test('with an episode after it: the countdown, which Cancel leaves at the end with Play', async () => {
    const play = vi.fn();
    const screen = await playToTheEnd({ title: 'Variables', play });
    await expect.element(screen.getByText('Next: Variables in 5')).toBeVisible();
    await screen.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(screen.getByText(/^Next: Variables/)).not.toBeInTheDocument();
    await expect.element(screen.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(play).not.toHaveBeenCalled();
  });

  test('the last episode just ends: no countdown', async () => {
    const screen = await playToTheEnd();
    await expect.element(screen.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(screen.container.querySelector('.player-next')).toBeNull();
  });
});
