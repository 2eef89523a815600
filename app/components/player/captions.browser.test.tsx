// Captions in the player, in real Chromium: native text tracks, chosen in the settings panel, remembered in
// localStorage, and drawn above the control bar.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { render } from 'vitest-browser-react';
import type { CaptionTrack } from '#common/captions/captions.ts';
import { VideoPlayer } from './VideoPlayer.tsx';
import { InEnglish } from '#tests/components/inEnglish.tsx';

const vtt = (text: string) =>
  `data:text/vtt;charset=utf-8,${encodeURIComponent(`WEBVTT\n\n00:00.000 --> 01:00.000\n${text}\n`)}`;
const CAPTIONS: CaptionTrack[] = [
  { language: 'en', label: 'English', src: vtt('Hello and welcome') },
  { language: 'sw', label: 'Kiswahili', src: vtt('Habari na karibu') },
];

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

const shown = (video: HTMLVideoElement) => {
  const t = Array.from(video.textTracks).find((k) => k.mode === 'showing');
  return t ? `${t.language}: ${(t.activeCues?.[0] as VTTCue | undefined)?.text ?? ''}` : 'none';
};

test('Captions (CC) in Settings shows the chosen language, remembers it, and lifts cues above the bar', async () => {
  const screen = await render(<VideoPlayer src="/clip.mp4" label="Intro" captions={CAPTIONS} />, {
    wrapper: InEnglish,
  });
  const video = screen.container.querySelector('video')!;
  expect(video.querySelectorAll('track')).toHaveLength(2);
  await screen.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => video.currentTime).toBeGreaterThan(0.2);
  expect(shown(video)).toBe('none'); // off until chosen

  await screen.getByRole('button', { name: 'Settings' }).click();
  const cc = screen.getByRole('combobox', { name: 'Captions' });
  expect([...(cc.element() as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Off', 'English', 'Kiswahili']);
  await cc.selectOptions('Kiswahili');
  await expect.poll(() => shown(video)).toBe('sw: Habari na karibu');
  expect(localStorage.getItem('darasa.captions')).toBe('sw');
  const cue = video.textTracks[1]!.cues![0] as VTTCue;
  const bar = screen.container.querySelector<HTMLElement>('.player-controls')!.offsetHeight;
  expect(cue.snapToLines).toBe(false);
  expect(video.clientHeight * (1 - (cue.line as number) / 100 - 0.055)).toBeGreaterThan(bar);

  await cc.selectOptions('Off');
  await expect.poll(() => shown(video)).toBe('none');
  expect(localStorage.getItem('darasa.captions')).toBe('off');
});

test('a remembered choice applies to the next video', async () => {
  localStorage.setItem('darasa.captions', 'en');
  const screen = await render(<VideoPlayer src="/clip.mp4" label="Intro" captions={CAPTIONS} />, {
    wrapper: InEnglish,
  });
  const video = screen.container.querySelector('video')!;
  await screen.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => shown(video)).toBe('en: Hello and welcome');
});

test('a video without captions has no Captions menu', async () => {
  const screen = await render(<VideoPlayer src="/clip.mp4" label="Intro" />, { wrapper: InEnglish });
  await screen.getByRole('button', { name: 'Settings' }).click();
  await expect.element(screen.getByRole('combobox', { name: 'Playback speed' })).toBeVisible();
  expect(screen.container.querySelector('select[aria-label="Captions"]')).toBeNull();
});
