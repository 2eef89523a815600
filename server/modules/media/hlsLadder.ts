// The HLS ladder of docs/product.md (video) and the one ffmpeg command that makes it. Pure functions, so the
// choice of rungs (never upscaling, portrait by width) is testable without running ffmpeg. The rates are
// data budgets that hold for any upload (docs/decisions/0016-data-budget-ladder.md): each rung's video is
// capped by a maxrate with a one-second VBV buffer, so no stretch of it can cost much more than its cap.
// Beside the H.264 ladder, AV1 rungs with Opus sound for browsers that decode AV1 smoothly, at about half
// the bytes for the same picture (docs/decisions/0066-av1-and-opus.md).

export type VideoCodec = 'h264' | 'av1';

export interface Rung {
  name: string;
  codec: VideoCodec;
  /** The short side: the height of a landscape video, the width of a portrait one. */
  short: number;
  /** The video's peak rate cap (maxrate, and a buffer of one second of it). */
  videoKbps: number;
  audioKbps: number;
  /** SVT-AV1's speed preset (AV1 rungs only): slower where the picture is small enough to afford it. */
  preset?: number;
  /**
   * A ceiling on the whole rendition's average (video, sound, container), in kbit/s, for an encoder whose
   * cap is loose: a rendition above it is made again at a cap lowered in proportion (transcodeVideo.ts).
   */
  budgetKbps?: number;
}

/** H.264 high + AAC-LC stereo: every browser plays it. */
export const LADDER: readonly Rung[] = [
  { name: '240p', codec: 'h264', short: 240, videoKbps: 150, audioKbps: 48 },
  { name: '360p', codec: 'h264', short: 360, videoKbps: 500, audioKbps: 64 },
  { name: '480p', codec: 'h264', short: 480, videoKbps: 900, audioKbps: 96 },
  { name: '720p', codec: 'h264', short: 720, videoKbps: 1800, audioKbps: 96 },
];

/** AV1 (SVT-AV1) + Opus mono: the phone rungs only, where the bytes matter most and decoders keep up. */
export const AV1_LADDER: readonly Rung[] = [
  // SVT-AV1's cap is loose both ways: text stays ≈ 20 % under it, full-frame noise goes ≈ 24 % over. 240p
  // gets a cap text needs and a budget (≤ 52 MB/h) that noise is brought back to.
  { name: '240p-av1', codec: 'av1', short: 240, videoKbps: 110, audioKbps: 16, preset: 8, budgetKbps: 115 },
  // Preset 12 at 360p: ≈ 0.6 × preset 10's encoding time, still an SSIM no lower than H.264 360p's on text
  // at ⅔ of its bytes (decision 0070); 240p keeps preset 8, which its text needs to match H.264.
  { name: '360p-av1', codec: 'av1', short: 360, videoKbps: 250, audioKbps: 16, preset: 12 },
];

/**
 * SVT-AV1 settings chosen by measurement (decision 0066): CRF 45 under each rung's cap (a lower CRF
 * starves later frames once the cap binds), screen-content tools always on (text stays sharp at 240p).
 */
export const SVT_AV1 = { crf: 45, params: 'scm=1' } as const;

export interface AudioOnly {
  name: string;
  codec: 'aac' | 'opus';
  kbps: number;
  channels: number;
}

/** "Listen only": AAC-LC mono, enough for a voice (≈ 10 kHz wide), ≤ 20 MB per hour with its container. */
export const AUDIO_ONLY: AudioOnly = { name: 'audio', codec: 'aac', kbps: 32, channels: 1 };

/**
 * "Listen only" in Opus, beside the AV1 rungs: 16 kbit/s at a constant rate, the low end of the issue's 16–24
 * for speech, ≈ 7.4 MB per hour with its container over a lesson (a clip of a few seconds adds its master,
 * playlist and init segment on top). libopus codes it wideband, so the 4–8 kHz band of consonants stays
 * (decision 0070).
 */
export const OPUS_AUDIO_ONLY: AudioOnly = { name: 'audio-opus', codec: 'opus', kbps: 16, channels: 1 };

/** The Listen only variant that goes with a codec family's picture renditions. */
export const audioOnlyFor = (codec: VideoCodec): AudioOnly => (codec === 'av1' ? OPUS_AUDIO_ONLY : AUDIO_ONLY);

/**
 * Opus frames of 60 ms instead of 20: a third of the per-frame headers in each fMP4 fragment, which at
 * 16 kbit/s would otherwise cost ≈ 15 % more bytes; speech loses nothing audible.
 */
export const OPUS_FRAME_MS = 60;

/**
 * Opus at a constant rate (`-vbr off`): constrained VBR let speech run ≈ 11 % over 16 kbit/s, and packets of
 * one size let each fMP4 fragment declare a default sample size instead of one per packet (≈ 270 bytes a
 * segment). Speech keeps its 4–8 kHz band as under VBR (docs/decisions/0070-av1-backfill-and-retune.md).
 */
export const OPUS_VBR = 'off';

/** Faster sources are halved (60 → 30, 50 → 25): extra frames cost bits a capped rung cannot spare. */
export const MAX_FRAME_RATE = 30;

export const SEGMENT_SECONDS = 4;
export const KEYFRAME_SECONDS = 2;

export interface PlannedRendition extends Rung {
  width: number;
  height: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The renditions for a source of this displayed size: every rung up to the source's short side, so a
 * 240p source gives only 240p; a source smaller than the lowest rung gets that rung at its own size. The
 * H.264 ladder first, then the AV1 one (`codecs` picks the families: a backfill makes only AV1).
 */
export function planRenditions(
  width: number,
  height: number,
  codecs: readonly VideoCodec[] = ['h264', 'av1'],
): PlannedRendition[] {
  return codecs.flatMap((codec) => planLadder(codec === 'av1' ? AV1_LADDER : LADDER, width, height));
}

function planLadder(ladder: readonly Rung[], width: number, height: number): PlannedRendition[] {
  const portrait = height > width;
  const sourceShort = Math.min(width, height);
  const fit = ladder.filter((r) => r.short <= sourceShort);
  const lowest = ladder[0]!;
  const small = { ...lowest, short: even(sourceShort), name: lowest.name.replace('240p', `${even(sourceShort)}p`) };
  const rungs = fit.length ? fit : [small];
  return rungs.map((r) => {
    const long = even((Math.max(width, height) * r.short) / sourceShort);
    return { ...r, width: portrait ? r.short : long, height: portrait ? long : r.short };
  });
}

/** The frame rate to encode at: the source's, divided by the smallest whole number that brings it to ≤ 30. */
export function outputFrameRate(sourceFps: number | undefined): number | undefined {
  if (!sourceFps || !Number.isFinite(sourceFps) || sourceFps <= MAX_FRAME_RATE + 0.5) return undefined;
  return sourceFps / Math.ceil(sourceFps / (MAX_FRAME_RATE + 0.5));
}

export interface LadderSource {
  hasAudio: boolean;
  /** Frames per second of the source, when known. */
  frameRate?: number;
}

/**
 * ffmpeg arguments for the whole ladder in one pass: decode once, scale once to the largest rendition,
 * split, scale down each branch. H.264 high at CRF 23 and SVT-AV1 at its measured preset and CRF, each
 * constrained by its rung's maxrate and a one-second buffer; keyframes every 2 s whatever the frame rate
 * (x264: forced, no scene cuts; SVT-AV1: a fixed GOP of 2 s of frames), so every rendition of a family
 * switches at the same instants. With sound: AAC stereo beside H.264, Opus mono beside AV1, and each
 * family's "Listen only" variant (`audio`, `audio-opus`). fMP4 HLS in 4 s segments with relative URIs.
 * Progress goes to stdout (`-progress pipe:1`). The master playlist ffmpeg writes is replaced afterwards
 * by one with measured rates (masterPlaylist.ts).
 */
export function ladderArgs(
  input: string,
  outDir: string,
  renditions: PlannedRendition[],
  source: LadderSource,
): string[] {
  const n = renditions.length;
  const top = renditions.reduce((a, r) => (r.width * r.height > a.width * a.height ? r : a));
  const topAt = renditions.indexOf(top);
  const fps = outputFrameRate(source.frameRate);
  const splits = renditions.map((_, i) => `[s${i}]`).join('');
  const branches = renditions
    .map((r, i) => (i === topAt ? '' : `;[s${i}]scale=${r.width}:${r.height}[v${i}]`))
    .join('');
  const head = `[0:v:0]${fps ? `fps=${fps.toFixed(3)},` : ''}scale=${top.width}:${top.height},format=yuv420p`;
  const filter = `${head}${n > 1 ? `,split=${n}${splits}` : `[s${topAt}]`}${branches}`;
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', input, '-filter_complex', filter];
  for (let i = 0; i < n; i++) args.push('-map', i === topAt ? `[s${i}]` : `[v${i}]`);
  const families = [...new Set(renditions.map((r) => r.codec))];
  const listen = families.map(audioOnlyFor);
  // One audio stream per video rendition, then each family's audio-only one.
  if (source.hasAudio) for (let i = 0; i < n + listen.length; i++) args.push('-map', '0:a:0');
  // SVT-AV1 ignores forced keyframes: its GOP is counted in frames (unknown rate: assume 30 fps).
  const gop = String(Math.round(KEYFRAME_SECONDS * (fps ?? source.frameRate ?? MAX_FRAME_RATE)));
  for (const [i, r] of renditions.entries()) {
    const v = `:v:${i}`;
    if (r.codec === 'av1')
      args.push(
        `-c${v}`,
        'libsvtav1',
        `-preset${v}`,
        String(r.preset ?? 10),
        `-crf${v}`,
        String(SVT_AV1.crf),
        `-g${v}`,
        gop,
      );
    else args.push(`-c${v}`, 'libx264', `-profile${v}`, 'high', `-preset${v}`, 'veryfast', `-crf${v}`, '23');
    args.push(`-maxrate${v}`, `${r.videoKbps}k`, `-bufsize${v}`, `${r.videoKbps}k`);
  }
  // libx264 has no such option, so one for all streams reaches only SVT-AV1 (a per-stream one is ignored).
  if (families.includes('av1')) args.push('-svtav1-params', SVT_AV1.params);
  args.push('-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`, '-sc_threshold', '0');
  if (source.hasAudio) {
    args.push('-ar', '48000');
    for (const [i, r] of renditions.entries())
      args.push(...audioStreamArgs(i, r.codec === 'av1' ? 'opus' : 'aac', r.audioKbps, r.codec === 'av1' ? 1 : 2));
    for (const [j, a] of listen.entries()) args.push(...audioStreamArgs(n + j, a.codec, a.kbps, a.channels));
  }
  const variants = renditions.map((r, i) => `v:${i}${source.hasAudio ? `,a:${i}` : ''},name:${r.name}`);
  if (source.hasAudio) for (const [j, a] of listen.entries()) variants.push(`a:${n + j},name:${a.name}`);
  args.push(...hlsOutputArgs(outDir, variants));
  return args;
}

/** One sound stream's encoder settings (output audio stream `i`): AAC-LC, or Opus in 60 ms frames. */
function audioStreamArgs(i: number, codec: 'aac' | 'opus', kbps: number, channels: number): string[] {
  const args = [
    `-c:a:${i}`,
    codec === 'opus' ? 'libopus' : 'aac',
    `-b:a:${i}`,
    `${kbps}k`,
    `-ac:a:${i}`,
    String(channels),
  ];
  if (codec === 'opus') args.push(`-frame_duration:a:${i}`, String(OPUS_FRAME_MS), `-vbr:a:${i}`, OPUS_VBR);
  return args;
}

/** The HLS muxer: fMP4 in 4 s segments, one folder per variant (`-var_stream_map`), progress on stdout. */
function hlsOutputArgs(outDir: string, variants: string[]): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    `${outDir}/%v/seg_%05d.m4s`,
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    variants.join(' '),
    '-progress',
    'pipe:1',
    '-nostats',
    `${outDir}/%v/index.m3u8`,
  ];
}

/**
 * An audio lesson's recording (decision 0069): only the two "Listen only" variants a video with sound gets,
 * `audio` (AAC) and `audio-opus`, in the same HLS layout, so the player, offline downloads and the data
 * meter treat it as a video's Listen only.
 */
export function listenOnlyArgs(input: string, outDir: string): string[] {
  const listen = [AUDIO_ONLY, OPUS_AUDIO_ONLY];
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', input];
  for (const _ of listen) args.push('-map', '0:a:0');
  args.push('-ar', '48000');
  for (const [i, a] of listen.entries()) args.push(...audioStreamArgs(i, a.codec, a.kbps, a.channels));
  args.push(
    ...hlsOutputArgs(
      outDir,
      listen.map((a, i) => `a:${i},name:${a.name}`),
    ),
  );
  return args;
}
