import { describe, expect, test } from 'vitest';
import { chooseFamily, keepFamily, masterVariants } from './codecFamily.ts';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:7',
  '#EXT-X-INDEPENDENT-SEGMENTS',
  '#EXT-X-STREAM-INF:BANDWIDTH=210000,AVERAGE-BANDWIDTH=190000,RESOLUTION=426x240,CODECS="avc1.640015,mp4a.40.2"',
  '240p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=600000,AVERAGE-BANDWIDTH=500000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
  '360p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=1000000,AVERAGE-BANDWIDTH=900000,RESOLUTION=854x480,CODECS="avc1.64001f,mp4a.40.2"',
  '480p/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=120000,AVERAGE-BANDWIDTH=100000,RESOLUTION=426x240,CODECS="av01.0.00M.08,opus"',
  '240p-av1/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=260000,AVERAGE-BANDWIDTH=240000,RESOLUTION=640x360,CODECS="av01.0.01M.08,opus"',
  '360p-av1/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=35000,AVERAGE-BANDWIDTH=34000,CODECS="mp4a.40.2"',
  'audio/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=17000,AVERAGE-BANDWIDTH=16500,CODECS="opus"',
  'audio-opus/index.m3u8',
  '',
].join('\n');

const uris = (text: string) => masterVariants(text).map((v) => v.uri);
const ALL = { av1: true, opus: true };
const phone = { box: { width: 390, height: 219 }, devicePixelRatio: 3, maxShortSide: null };
const desktop = { box: { width: 900, height: 506 }, devicePixelRatio: 1, maxShortSide: null };

describe('the codec family a browser plays', () => {
  test('AV1 on a phone that decodes it smoothly; H.264 where it does not, or lacks Opus', () => {
    expect(chooseFamily(MASTER, ALL, phone)).toBe('av1');
    expect(chooseFamily(MASTER, { av1: false, opus: true }, phone)).toBe('h264');
    expect(chooseFamily(MASTER, { av1: true, opus: false }, phone)).toBe('h264');
  });

  test('H.264 on a screen that wants more than the AV1 ladder has, unless data saver caps it at 360p', () => {
    expect(chooseFamily(MASTER, ALL, desktop)).toBe('h264');
    expect(chooseFamily(MASTER, ALL, { ...desktop, maxShortSide: 360 })).toBe('av1');
  });

  test('H.264 for a video made before AV1', () => {
    const lines = MASTER.split('\n');
    const old = [...lines.slice(0, 9), ...lines.slice(13, 15), ''].join('\n');
    expect(uris(old)).toEqual(['240p/index.m3u8', '360p/index.m3u8', '480p/index.m3u8', 'audio/index.m3u8']);
    expect(chooseFamily(old, ALL, phone)).toBe('h264');
  });

  test('hls.js sees one family, with the Listen only this browser plays', () => {
    expect(uris(keepFamily(MASTER, 'av1', ALL))).toEqual([
      '240p-av1/index.m3u8',
      '360p-av1/index.m3u8',
      'audio-opus/index.m3u8',
    ]);
    expect(uris(keepFamily(MASTER, 'h264', { av1: false, opus: false }))).toEqual([
      '240p/index.m3u8',
      '360p/index.m3u8',
      '480p/index.m3u8',
      'audio/index.m3u8',
    ]);
    expect(uris(keepFamily(MASTER, 'h264', { av1: false, opus: true })).at(-1)).toBe('audio-opus/index.m3u8');
    expect(keepFamily(MASTER, 'av1', ALL)).toMatch(/^#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n/);
  });

  test('an audio lesson (no pictures, decision 0069): its Opus where the browser plays Opus, else its AAC', () => {
    const lines = MASTER.split('\n');
    const audio = [...lines.slice(0, 3), ...lines.slice(13), ''].join('\n');
    const family = chooseFamily(audio, ALL, phone);
    expect(uris(keepFamily(audio, family, ALL))).toEqual(['audio-opus/index.m3u8']);
    expect(
      uris(keepFamily(audio, chooseFamily(audio, { av1: false, opus: false }, phone), { av1: false, opus: false })),
    ).toEqual(['audio/index.m3u8']);
  });
});
