import { describe, expect, it } from 'vitest';
import {
  av1Codec,
  avcCodec,
  averageBitrate,
  masterPlaylist,
  mergeMasters,
  parseMediaPlaylist,
  peakBitrate,
} from './masterPlaylist.ts';

const seg = (kb: number, duration = 4) => ({ bytes: kb * 1000, duration });

describe('peak bit rate (RFC 8216 §4.3.4.2)', () => {
  it('is the busiest segment, not the average', () => {
    const segments = [seg(50), seg(150), seg(60)];
    expect(peakBitrate(segments, 4)).toBe(300_000);
    expect(averageBitrate(segments)).toBe(173_334);
  });

  it('counts a short last segment together with the one before it', () => {
    // 10 kB in 0.5 s alone would read as 160 kbit/s; with its neighbour it is (50 + 10) kB in 4.5 s.
    expect(peakBitrate([seg(50), seg(10, 0.5)], 4)).toBe(106_667);
  });

  it('measures a playlist too short for a whole window as a whole', () => {
    expect(peakBitrate([seg(10, 1)], 4)).toBe(80_000);
  });
});

describe('media playlist', () => {
  it('reads the target duration, the init segment and each segment with its duration', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-MAP:URI="init_0.mp4"',
      '#EXTINF:4.000000,',
      'seg_00000.m4s',
      '#EXTINF:1.500000,',
      'seg_00001.m4s',
      '#EXT-X-ENDLIST',
    ].join('\n');
    expect(parseMediaPlaylist(text)).toEqual({
      targetDuration: 4,
      init: 'init_0.mp4',
      segments: [
        { uri: 'seg_00000.m4s', duration: 4 },
        { uri: 'seg_00001.m4s', duration: 1.5 },
      ],
    });
  });
});

describe('codec names', () => {
  it('reads profile, constraints and level from the avcC box', () => {
    const box = Buffer.concat([Buffer.from([0, 0, 0, 40]), Buffer.from('avcC'), Buffer.from([1, 0x64, 0x00, 0x1f])]);
    expect(avcCodec(box)).toBe('avc1.64001f');
    expect(avcCodec(Buffer.from('no box here'))).toBeNull();
  });

  it('reads profile, level, tier and bit depth from the av1C box', () => {
    // 0x81: marker and version; 0x04: profile 0, level 4 (3.0); 0x0c: main tier, 8-bit, 4:2:0.
    const box = Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('av1C'), Buffer.from([0x81, 0x04, 0x0c, 0])]);
    expect(av1Codec(box)).toBe('av01.0.04M.08');
    const high10 = Buffer.concat([Buffer.from('av1C'), Buffer.from([0x81, 0x2d, 0xcc, 0])]);
    expect(av1Codec(high10)).toBe('av01.1.13H.10');
    expect(av1Codec(Buffer.from('no box here'))).toBeNull();
  });
});

describe('master playlist', () => {
  it('declares measured rates, size, frame rate and codecs of both families; audio-only variants have no picture', () => {
    const text = masterPlaylist([
      {
        name: '240p',
        video: { width: 426, height: 240, codec: 'avc1.640015', frameRate: 30000 / 1001 },
        hasAudio: true,
        peak: 210_000,
        average: 190_000,
        bytes: 0,
        segments: [],
      },
      {
        name: '240p-av1',
        video: { width: 426, height: 240, codec: 'av01.0.00M.08', frameRate: 30 },
        hasAudio: true,
        audioCodec: 'opus',
        peak: 120_000,
        average: 100_000,
        bytes: 0,
        segments: [],
      },
      { name: 'audio', hasAudio: true, peak: 35_000, average: 34_000, bytes: 0, segments: [] },
      { name: 'audio-opus', hasAudio: true, audioCodec: 'opus', peak: 17_000, average: 16_500, bytes: 0, segments: [] },
    ]);
    expect(text.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=210000,AVERAGE-BANDWIDTH=190000,RESOLUTION=426x240,FRAME-RATE=29.970,CODECS="avc1.640015,mp4a.40.2"',
      '240p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=120000,AVERAGE-BANDWIDTH=100000,RESOLUTION=426x240,FRAME-RATE=30.000,CODECS="av01.0.00M.08,opus"',
      '240p-av1/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=35000,AVERAGE-BANDWIDTH=34000,CODECS="mp4a.40.2"',
      'audio/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=17000,AVERAGE-BANDWIDTH=16500,CODECS="opus"',
      'audio-opus/index.m3u8',
      '',
    ]);
  });
});

describe('merging a family into a master', () => {
  const inf = (bw: number, rest: string) => `#EXT-X-STREAM-INF:BANDWIDTH=${bw},AVERAGE-BANDWIDTH=${bw}${rest}`;
  const h264 = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    inf(210_000, ',RESOLUTION=426x240,CODECS="avc1.640015,mp4a.40.2"'),
    '240p/index.m3u8',
    inf(35_000, ',CODECS="mp4a.40.2"'),
    'audio/index.m3u8',
    '',
  ].join('\n');
  const av1 = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    inf(120_000, ',RESOLUTION=426x240,CODECS="av01.0.00M.08,opus"'),
    '240p-av1/index.m3u8',
    inf(17_000, ',CODECS="opus"'),
    'audio-opus/index.m3u8',
    '',
  ].join('\n');

  it('lists the pictures of both families, the existing first, then both Listen only variants', () => {
    expect(mergeMasters(h264, av1).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      inf(210_000, ',RESOLUTION=426x240,CODECS="avc1.640015,mp4a.40.2"'),
      '240p/index.m3u8',
      inf(120_000, ',RESOLUTION=426x240,CODECS="av01.0.00M.08,opus"'),
      '240p-av1/index.m3u8',
      inf(35_000, ',CODECS="mp4a.40.2"'),
      'audio/index.m3u8',
      inf(17_000, ',CODECS="opus"'),
      'audio-opus/index.m3u8',
      '',
    ]);
  });

  it('never lists a variant twice', () => {
    const merged = mergeMasters(h264, av1);
    expect(mergeMasters(merged, av1)).toBe(merged);
  });
});
