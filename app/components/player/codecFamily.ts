// Which codec family of a master playlist this browser plays (docs/decisions/0066-av1-and-opus.md): the
// master lists H.264 + AAC and AV1 + Opus variants side by side, and hls.js is given only one family, so it
// never switches codec mid-stream. AV1 when MediaCapabilities says this browser decodes it smoothly (and
// plays Opus, which the AV1 variants carry) and the picture needs no more than the AV1 ladder's top rung
// (phones; data saver); H.264 otherwise, and always for videos made before AV1. "Listen only" is in Opus
// wherever the browser plays Opus in MSE.

import { type LevelSize, screenLevelCap } from './screenCap.ts';

export type CodecFamily = 'av1' | 'h264';

export interface CodecSupport {
  /** AV1 (8-bit, main profile) decodes smoothly in MSE at the phone rungs' size and rate. */
  av1: boolean;
  /** Opus in fMP4 plays in MSE. */
  opus: boolean;
}

const AV1 = /\bav01\b/i;
const OPUS = /\bopus\b/i;

export interface MasterVariant {
  /** The `#EXT-X-STREAM-INF` line. */
  inf: string;
  uri: string;
  family: CodecFamily;
  audioOnly: boolean;
  /** The picture's size (0 × 0 for audio-only) and short side. */
  width: number;
  height: number;
  short: number;
}

const VIDEO_CODEC = /\b(avc1|avc3|hvc1|hev1|av01|vp09|vp8|vp9|dvh1|dvhe)\b/i;

export function masterVariants(master: string): MasterVariant[] {
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  const found: MasterVariant[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    if (!uri) return;
    const codecs = /CODECS="([^"]*)"/.exec(line)?.[1] ?? '';
    const size = /RESOLUTION=(\d+)x(\d+)/.exec(line);
    // No picture: neither a RESOLUTION nor a video codec, but a declared (audio) codec.
    const audioOnly = !size && !!codecs && !VIDEO_CODEC.test(codecs);
    const family = AV1.test(codecs) || (audioOnly && OPUS.test(codecs)) ? 'av1' : 'h264';
    const [width, height] = size ? [Number(size[1]), Number(size[2])] : [0, 0];
    found.push({ inf: line, uri, family, audioOnly, width, height, short: Math.min(width, height) });
  });
  return found;
}

/** The tallest short side among a family's pictures (0 when the master has none of that family). */
export function familyTop(master: string, family: CodecFamily): number {
  return Math.max(0, ...masterVariants(master).map((v) => (v.family === family && !v.audioOnly ? v.short : 0)));
}

/**
 * The family to play: AV1 when supported, present, and enough for what this screen (or data saver) would
 * play from the H.264 ladder: the screen rule (screenCap.ts) on the box the picture is shown in.
 */
export function chooseFamily(
  master: string,
  support: CodecSupport,
  screen: { box: LevelSize; devicePixelRatio: number; maxShortSide: number | null },
): CodecFamily {
  if (!support.av1 || !support.opus) return 'h264';
  const top = familyTop(master, 'av1');
  if (top === 0) return 'h264';
  const h264 = masterVariants(master)
    .filter((v) => v.family === 'h264' && !v.audioOnly)
    .sort((a, b) => a.short - b.short);
  if (!h264.length) return 'av1';
  const fits = h264[screenLevelCap(h264, screen.box, screen.devicePixelRatio)]!.short;
  const wanted = screen.maxShortSide == null ? fits : Math.min(fits, screen.maxShortSide);
  return wanted <= top ? 'av1' : 'h264';
}

/**
 * The master playlist with one family's picture variants and the Listen only variant this browser plays
 * (Opus where it can, else AAC). A master with pictures but none of that family is returned as it is.
 */
export function keepFamily(master: string, family: CodecFamily, support: CodecSupport): string {
  const variants = masterVariants(master);
  // An audio lesson's master has no pictures (decision 0069): only its Listen only is chosen.
  const pictures = variants.some((v) => !v.audioOnly);
  if (pictures && !variants.some((v) => v.family === family && !v.audioOnly)) return master;
  const listenFamily: CodecFamily =
    support.opus && variants.some((v) => v.audioOnly && v.family === 'av1') ? 'av1' : 'h264';
  const kept = new Set(
    variants.filter((v) => (v.audioOnly ? v.family === listenFamily : v.family === family)).map((v) => v.inf),
  );
  const lines = master.split(/\r?\n/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.startsWith('#EXT-X-STREAM-INF:') && !kept.has(line)) {
      // Drop the tag and the URI line that follows it.
      while (i + 1 < lines.length && (!lines[i + 1]!.trim() || lines[i + 1]!.trim().startsWith('#'))) i++;
      i++;
      continue;
    }
    out.push(lines[i]!);
  }
  return out.join('\n');
}

/** What the phone rungs need: 640x360 at 30 fps, the AV1 360p rung's peak rate. */
const AV1_PROBE: MediaDecodingConfiguration = {
  type: 'media-source',
  video: {
    contentType: 'video/mp4; codecs="av01.0.04M.08"',
    width: 640,
    height: 360,
    bitrate: 300_000,
    framerate: 30,
  },
};
const OPUS_PROBE: MediaDecodingConfiguration = {
  type: 'media-source',
  audio: { contentType: 'audio/mp4; codecs="opus"', channels: '1', bitrate: 16_000, samplerate: 48_000 },
};

let support: Promise<CodecSupport> | null = null;

/** Asked once per page: MediaCapabilities where there is one, else nothing new (H.264 + AAC). */
export function codecSupport(): Promise<CodecSupport> {
  support ??= (async () => {
    const caps = typeof navigator !== 'undefined' ? navigator.mediaCapabilities : undefined;
    if (!caps?.decodingInfo) return { av1: false, opus: false };
    const ask = (c: MediaDecodingConfiguration) =>
      caps.decodingInfo(c).then(
        (r) => r,
        () => null,
      );
    const [av1, opus] = await Promise.all([ask(AV1_PROBE), ask(OPUS_PROBE)]);
    return { av1: !!av1?.supported && av1.smooth, opus: !!opus?.supported };
  })();
  return support;
}
