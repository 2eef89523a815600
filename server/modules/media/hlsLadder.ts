// The HLS ladder of docs/product.md (video) and the one ffmpeg command that makes it. Pure functions, so the
// choice of rungs (never upscaling, portrait by width) is testable without running ffmpeg. The rates are
// data budgets that hold for any upload (docs/decisions/0016-data-budget-ladder.md): each rung's video is
// capped by a maxrate with a one-second VBV buffer, so no stretch of it can cost much more than its cap.

export interface Rung {
  name: string;
  /** The short side: the height of a landscape video, the width of a portrait one. */
  short: number;
  /** The video's peak rate cap (maxrate, and a buffer of one second of it). */
  videoKbps: number;
  audioKbps: number;
}

export const LADDER: readonly Rung[] = [
  { name: '240p', short: 240, videoKbps: 150, audioKbps: 48 },
  { name: '360p', short: 360, videoKbps: 500, audioKbps: 64 },
  { name: '480p', short: 480, videoKbps: 900, audioKbps: 96 },
  { name: '720p', short: 720, videoKbps: 1800, audioKbps: 96 },
];

/** "Listen only": AAC-LC mono, enough for a voice (≈ 10 kHz wide), ≤ 20 MB per hour with its container. */
export const AUDIO_ONLY = { name: 'audio', kbps: 32, channels: 1 } as const;

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
 * 240p source gives only 240p; a source smaller than the lowest rung gets that rung at its own size.
 */
export function planRenditions(width: number, height: number): PlannedRendition[] {
  const portrait = height > width;
  const sourceShort = Math.min(width, height);
  const fit = LADDER.filter((r) => r.short <= sourceShort);
  const rungs = fit.length ? fit : [{ ...LADDER[0]!, short: even(sourceShort), name: `${even(sourceShort)}p` }];
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
 * ffmpeg arguments for the whole ladder in one pass: decode once, scale once to the top rung, split, scale
 * down each branch; H.264 high at CRF 23 constrained by each rung's maxrate and a one-second buffer,
 * keyframes forced every 2 s whatever the frame rate (and no scene-cut keyframes, so every rendition
 * switches at the same instants); when the source has sound, an audio-only variant `audio` too; fMP4 HLS in
 * 4 s segments with relative URIs. Progress goes to stdout (`-progress pipe:1`). The master playlist ffmpeg
 * writes is replaced afterwards by one with measured rates (masterPlaylist.ts).
 */
export function ladderArgs(
  input: string,
  outDir: string,
  renditions: PlannedRendition[],
  source: LadderSource,
): string[] {
  const top = renditions[renditions.length - 1]!;
  const n = renditions.length;
  const fps = outputFrameRate(source.frameRate);
  const splits = renditions.map((_, i) => `[s${i}]`).join('');
  const branches = renditions
    .slice(0, -1)
    .map((r, i) => `;[s${i}]scale=${r.width}:${r.height}[v${i}]`)
    .join('');
  const head = `[0:v:0]${fps ? `fps=${fps.toFixed(3)},` : ''}scale=${top.width}:${top.height},format=yuv420p`;
  const filter = `${head}${n > 1 ? `,split=${n}${splits}` : `[s${n - 1}]`}${branches}`;
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', input, '-filter_complex', filter];
  for (let i = 0; i < n; i++) args.push('-map', i === n - 1 ? `[s${i}]` : `[v${i}]`);
  // One audio stream per video rendition, then the audio-only one.
  if (source.hasAudio) for (let i = 0; i <= n; i++) args.push('-map', '0:a:0');
  args.push('-c:v', 'libx264', '-profile:v', 'high', '-preset', 'veryfast', '-crf', '23');
  for (const [i, r] of renditions.entries()) {
    args.push(`-maxrate:v:${i}`, `${r.videoKbps}k`, `-bufsize:v:${i}`, `${r.videoKbps}k`);
  }
  args.push('-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`, '-sc_threshold', '0');
  if (source.hasAudio) {
    args.push('-c:a', 'aac', '-ar', '48000');
    for (const [i, r] of renditions.entries()) args.push(`-b:a:${i}`, `${r.audioKbps}k`, `-ac:a:${i}`, '2');
    args.push(`-b:a:${n}`, `${AUDIO_ONLY.kbps}k`, `-ac:a:${n}`, String(AUDIO_ONLY.channels));
  }
  const variants = renditions.map((r, i) => `v:${i}${source.hasAudio ? `,a:${i}` : ''},name:${r.name}`);
  if (source.hasAudio) variants.push(`a:${n},name:${AUDIO_ONLY.name}`);
  args.push(
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
  );
  return args;
}
