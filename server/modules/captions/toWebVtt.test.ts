import { describe, expect, it } from 'vitest';
import { DomainError } from '#server/core/errors.ts';
import { MAX_CAPTION_BYTES } from '#common/captions/captions.ts';
import { parseVtt } from './parseVtt.ts';
import { looksLikeSrt, srtToVtt } from './srtToVtt.ts';
import { toWebVtt } from './toWebVtt.ts';

const bytes = (s: string) => new TextEncoder().encode(s);
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof DomainError ? `${err.code}: ${err.message}` : String(err);
  }
  return 'accepted';
};

const SRT =
  '1\r\n00:00:01,000 --> 00:00:04,500\r\nHabari --> za asubuhi\r\n<i>Karibu</i>\r\n\r\n2\r\n0:01:02,250 --> 0:01:05,000 X1:10 X2:20\r\nSecond cue\r\n';

describe('srtToVtt', () => {
  it('adds the header, turns decimal commas into dots, pads hours and drops SRT coordinates', () => {
    const text = SRT.replace(/\r\n/g, '\n');
    expect(looksLikeSrt(text)).toBe(true);
    expect(srtToVtt(text)).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.500\nHabari -> za asubuhi\n<i>Karibu</i>\n\n2\n00:01:02.250 --> 00:01:05.000\nSecond cue\n',
    );
  });

  it('recognises SRT without cue numbers, and nothing else', () => {
    expect(looksLikeSrt('00:00:01,000 --> 00:00:02,000\nHi')).toBe(true);
    expect(looksLikeSrt('Hello world\n')).toBe(false);
    expect(looksLikeSrt('')).toBe(false);
  });
});

describe('parseVtt', () => {
  it('counts cues, skipping NOTE, STYLE and REGION blocks and accepting identifiers and settings', () => {
    const vtt =
      'WEBVTT - lecture\nKind: captions\n\nNOTE made by hand\n\nSTYLE\n::cue { color: yellow }\n\nintro\n00:01.000 --> 00:02.000 align:start\nHello\n\n01:00:00.000 --> 01:00:01.500\nLater\n';
    expect(parseVtt(vtt)).toBe(2);
  });

  it('names the line of a bad timing', () => {
    expect(codeOf(() => parseVtt('WEBVTT\n\n00:01.000 --> 00:00.500\nBackwards\n'))).toBe(
      'invalid_input: The caption timing on line 3 is not valid.',
    );
    expect(codeOf(() => parseVtt('WEBVTT\n\nintro\n00:61.000 --> 00:62.000\nx\n'))).toBe(
      'invalid_input: The caption timing on line 4 is not valid.',
    );
    expect(codeOf(() => parseVtt('WEBVTT\n\njust text\nmore text\n'))).toBe(
      'invalid_input: The caption timing on line 4 is not valid.',
    );
  });

  it('refuses a file without the header or without cues', () => {
    expect(codeOf(() => parseVtt('WEBVTTX\n\n00:01.000 --> 00:02.000\nx\n'))).toMatch(/^invalid_input: This is not/);
    expect(codeOf(() => parseVtt('WEBVTT\n\nNOTE nothing here\n'))).toBe(
      'invalid_input: The caption file has no captions in it.',
    );
  });
});

describe('toWebVtt', () => {
  it('converts SRT (CRLF, BOM) and keeps WebVTT as it is', () => {
    expect(toWebVtt(bytes(`\uFEFF${SRT}`))).toEqual({
      vtt: expect.stringMatching(/^WEBVTT\n\n1\n00:00:01\.000/),
      cues: 2,
    });
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:01.000\nKaribu 👋\n';
    expect(toWebVtt(bytes(vtt))).toEqual({ vtt, cues: 1 });
  });

  it('refuses files over the cap, text that is not UTF-8, binary files and other text', () => {
    const big = new Uint8Array(MAX_CAPTION_BYTES + 1).fill(65);
    expect(codeOf(() => toWebVtt(big))).toBe('too_large: Caption files can be at most 512 KB.');
    const latin1 = Uint8Array.from([...bytes('WEBVTT\n\n00:00.000 --> 00:01.000\nCaf'), 0xe9, 10]);
    expect(codeOf(() => toWebVtt(latin1))).toBe('unsupported_media_type: Caption files must be saved as UTF-8 text.');
    expect(codeOf(() => toWebVtt(Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70])))).toMatch(
      /^unsupported_media_type/,
    );
    expect(codeOf(() => toWebVtt(bytes('Just some notes\n')))).toBe(
      'unsupported_media_type: This is not a WebVTT or SRT caption file.',
    );
    expect(codeOf(() => toWebVtt(new Uint8Array()))).toMatch(/^unsupported_media_type/);
  });
});
