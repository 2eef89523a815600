// The HLS ladder of DESIGN.md "Video" and the one ffmpeg command that makes it. Pure functions, so the
// choice of rungs (never upscaling, portrait by width) is testable without running ffmpeg.

export interface Rung {
  name: string;
  /** The short side: the height of a landscape video, the width of a portrait one. */
  short: number;
  videoKbps: number;
  audioKbps: number;
}

export const LADDER: readonly Rung[] = [
  { name: '240p', short: 240, videoKbps: 300, audioKbps: 48 },
  { name: '360p', short: 360, videoKbps: 600, audioKbps: 64 },
  { name: '480p', short: 480, videoKbps: 1000, audioKbps: 96 },
  { name: '720p', short: 720, videoKbps: 2000, audioKbps: 96 },
];

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

/**
 * ffmpeg arguments for the whole ladder in one pass: decode once, scale once to the top rung, split, scale
 * down each branch; H.264 high at CRF 23 capped by maxrate/bufsize, keyframes forced every 2 s whatever
 * the frame rate (and no scene-cut keyframes, so every rendition switches at the same instants); fMP4 HLS
 * in 4 s segments with relative URIs. Progress goes to stdout (`-progress pipe:1`).
 */
export function ladderArgs(input: string, outDir: string, renditions: PlannedRendition[], hasAudio: boolean): string[] {
  const top = renditions[renditions.length - 1]!;
  const n = renditions.length;
  const splits = renditions.map((_, i) => `[s${i}]`).join('');
  const branches = renditions
    .slice(0, -1)
    .map((r, i) => `;[s${i}]scale=${r.width}:${r.height}[v${i}]`)
    .join('');
  const filter = `[0:v:0]scale=${top.width}:${top.height},format=yuv420p${n > 1 ? `,split=${n}${splits}` : `[s${n - 1}]`}${branches}`;
  const args = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-i', input, '-filter_complex', filter];
  renditions.forEach((_, i) => args.push('-map', i === n - 1 ? `[s${i}]` : `[v${i}]`));
  if (hasAudio) renditions.forEach(() => args.push('-map', '0:a:0'));
  args.push('-c:v', 'libx264', '-profile:v', 'high', '-preset', 'veryfast', '-crf', '23');
  renditions.forEach((r, i) => args.push(`-maxrate:v:${i}`, `${r.videoKbps}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`));
  args.push('-force_key_frames', `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`, '-sc_threshold', '0');
  if (hasAudio) {
    args.push('-c:a', 'aac', '-ac', '2', '-ar', '48000');
    renditions.forEach((r, i) => args.push(`-b:a:${i}`, `${r.audioKbps}k`));
  }
  const streamMap = renditions.map((r, i) => `v:${i}${hasAudio ? `,a:${i}` : ''},name:${r.name}`).join(' ');
  args.push(
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_playlist_type', 'vod',
    '-hls_segment_type', 'fmp4',
    '-hls_flags', 'independent_segments',
    '-hls_fmp4_init_filename', 'init.mp4',
    '-hls_segment_filename', `${outDir}/%v/seg_%05d.m4s`,
    '-master_pl_name', 'master.m3u8',
    '-var_stream_map', streamMap,
    '-progress', 'pipe:1',
    '-nostats',
    `${outDir}/%v/index.m3u8`,
  );
  return args;
}
