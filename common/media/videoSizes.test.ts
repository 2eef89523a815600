import { describe, expect, it } from 'vitest';
import { playedRendition, videoSizes } from './videoSizes.ts';

const meta = JSON.stringify({
  // Stored in any order: the sizes come back lowest first.
  renditions: [
    { name: '720p', width: 1280, height: 720, bytes: 9_000_000 },
    { name: '240p', width: 426, height: 240, bytes: 2_000_000 },
    { name: '360p', width: 640, height: 360, bytes: 3_000_000 },
    { name: '480p', width: 854, height: 480, bytes: 5_000_000 },
  ],
  audio: { name: 'audio', bytes: 400_000 },
});

describe('what a video costs on a screen', () => {
  const sizes = videoSizes(meta)!;

  it('lists the renditions lowest first, with Listen only', () => {
    expect(sizes.renditions.map((r) => r.height)).toEqual([240, 360, 480, 720]);
    expect(sizes.listen).toBe(400_000);
  });

  it('is the tallest rendition the screen allows, not the best the video has', () => {
    expect(playedRendition(sizes, 0, false).bytes).toBe(2_000_000);
    expect(playedRendition(sizes, 1, false).bytes).toBe(3_000_000);
    expect(playedRendition(sizes, 3, false).bytes).toBe(9_000_000);
  });

  it('with data saver on, no more than 360p however large the screen', () => {
    expect(playedRendition(sizes, 3, true).name).toBe('360p');
    expect(playedRendition(sizes, 0, true).name).toBe('240p');
  });

  it('a portrait video is measured by its short side', () => {
    const portrait = videoSizes(
      JSON.stringify({
        renditions: [
          { name: '240p', width: 240, height: 426, bytes: 1 },
          { name: '480p', width: 480, height: 854, bytes: 2 },
        ],
      }),
    )!;
    expect(playedRendition(portrait, 1, true).name).toBe('240p');
  });

  it('has no sizes for a video not processed yet or a broken record', () => {
    expect(videoSizes(null)).toBeNull();
    expect(videoSizes('{')).toBeNull();
    expect(videoSizes('{"renditions":[]}')).toBeNull();
  });
});
