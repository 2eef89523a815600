import { describe, expect, test } from 'vitest';
import { audioOnlyVariant, firstVideoVariant } from './audioVariant.ts';

const MASTER = 'https://x.test/media/s/tok/a1/master.m3u8';
const ladder = (audioFirst: boolean) => {
  const audio = '#EXT-X-STREAM-INF:BANDWIDTH=60000,AVERAGE-BANDWIDTH=50000,CODECS="mp4a.40.2"\naudio/index.m3u8';
  const video = [
    '#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=426x240,CODECS="avc1.64001e,mp4a.40.2"',
    '240p/index.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
    '360p/index.m3u8',
  ].join('\n');
  return `#EXTM3U\n#EXT-X-VERSION:7\n${audioFirst ? `${audio}\n${video}` : `${video}\n${audio}`}\n`;
};

describe('the audio-only variant', () => {
  test('is the variant with an audio codec and no resolution, wherever it is listed', () => {
    expect(audioOnlyVariant(ladder(false))).toBe('audio/index.m3u8');
    expect(audioOnlyVariant(ladder(true))).toBe('audio/index.m3u8');
  });

  test('playback starts on the first variant with a picture, never the audio one', () => {
    expect(firstVideoVariant(ladder(true), MASTER)).toBe('https://x.test/media/s/tok/a1/240p/index.m3u8');
  });

  test('a ladder without one (or with video codecs but no RESOLUTION) has none', () => {
    const noAudio = ladder(false).replace(/#EXT-X-STREAM-INF:[^\n]*mp4a.40.2"\naudio\/index.m3u8\n/, '');
    expect(audioOnlyVariant(noAudio)).toBeNull();
    expect(
      audioOnlyVariant('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS="avc1.64001e,mp4a.40.2"\nv.m3u8\n'),
    ).toBeNull();
  });
});
