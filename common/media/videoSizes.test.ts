import { describe, expect, it } from 'vitest';
import { forDevice, playedRendition, videoSizes } from './videoSizes.ts';

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

describe('sizes follow the codec the device plays', () => {
  const sizes = videoSizes(
    JSON.stringify({
      ...JSON.parse(meta),
      av1: {
        renditions: [
          { name: '240p-av1', width: 426, height: 240, bytes: 900_000 },
          { name: '360p-av1', width: 640, height: 360, bytes: 1_400_000 },
        ],
        audio: { name: 'audio-opus', bytes: 180_000 },
      },
    }),
  )!;
  const all = { av1: true, opus: true };

  it('is the AV1 rendition of the height the screen rule chose, and Listen only in Opus', () => {
    const played = forDevice(sizes, playedRendition(sizes, 1, false), all);
    expect(played.played).toMatchObject({ name: '360p-av1', bytes: 1_400_000 });
    expect(played.listen).toBe(180_000);
  });

  it('is H.264 above the AV1 ladder, or where AV1 does not play; Opus still where Opus plays', () => {
    expect(forDevice(sizes, playedRendition(sizes, 2, false), all).played.name).toBe('480p');
    const noAv1 = forDevice(sizes, playedRendition(sizes, 0, false), { av1: false, opus: true });
    expect(noAv1.played.name).toBe('240p');
    expect(noAv1.listen).toBe(180_000);
    expect(forDevice(sizes, sizes.renditions[0]!, { av1: false, opus: false }).listen).toBe(400_000);
  });
});

describe('an audio lesson’s recording (decision 0069)', () => {
  const sizes = videoSizes(
    JSON.stringify({
      renditions: [],
      audio: { name: 'audio', bytes: 90_000 },
      av1: { renditions: [], audio: { name: 'audio-opus', bytes: 50_000 } },
    }),
  )!;

  it('has its Listen only sizes and no renditions: Opus where Opus plays, else AAC', () => {
    expect(sizes).toEqual({ listen: 90_000, renditions: [], av1: { listen: 50_000, renditions: [] } });
    expect(forDevice(sizes, sizes.renditions[0]!, { av1: false, opus: true }).listen).toBe(50_000);
    expect(forDevice(sizes, sizes.renditions[0]!, { av1: true, opus: true }).listen).toBe(50_000);
    expect(forDevice(sizes, sizes.renditions[0]!, { av1: false, opus: false }).listen).toBe(90_000);
  });

  it('is none for a video not processed yet', () => {
    expect(videoSizes(JSON.stringify({ fileName: 'a.mp4' }))).toBeNull();
  });
});
