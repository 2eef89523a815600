// The master playlist, written from what ffmpeg actually produced rather than from its estimates: players
// choose a rendition by BANDWIDTH, so it must be the true peak (RFC 8216 §4.3.4.2) measured from the
// segments on disk, along with the average, the real H.264 or AV1 profile and level, and the frame rate.
// One master lists both codec families (decision 0066): players that choose by CODECS choose right, and
// ours keeps to one family (app/components/player/codecFamily.ts).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Segment {
  bytes: number;
  /** Seconds, from the playlist's #EXTINF. */
  duration: number;
}

export interface MediaPlaylist {
  targetDuration: number;
  init: string | null;
  segments: { uri: string; duration: number }[];
}

export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split('\n').map((l) => l.trim());
  const targetDuration = Number(/^#EXT-X-TARGETDURATION:(\d+)/m.exec(text)?.[1] ?? 0);
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1] ?? null;
  const segments: MediaPlaylist['segments'] = [];
  let duration = 0;
  for (const line of lines) {
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) duration = Number(inf[1]);
    else if (line && !line.startsWith('#')) segments.push({ uri: line, duration });
  }
  return { targetDuration, init, segments };
}

/**
 * The peak segment bit rate of RFC 8216 §4.3.4.2: the highest bit rate of any run of consecutive segments
 * lasting 0.5 to 1.5 times the target duration (so a short last segment counts with its neighbour). A
 * playlist too short for any such run is measured whole.
 */
export function peakBitrate(segments: Segment[], targetDuration: number): number {
  let peak = 0;
  for (let i = 0; i < segments.length; i++) {
    let bytes = 0;
    let seconds = 0;
    for (let j = i; j < segments.length; j++) {
      bytes += segments[j]!.bytes;
      seconds += segments[j]!.duration;
      if (seconds > 1.5 * targetDuration) break;
      if (seconds >= 0.5 * targetDuration) peak = Math.max(peak, (bytes * 8) / seconds);
    }
  }
  return Math.ceil(peak || averageBitrate(segments));
}

export function averageBitrate(segments: Segment[]): number {
  const seconds = segments.reduce((a, s) => a + s.duration, 0);
  return seconds > 0 ? Math.ceil((segments.reduce((a, s) => a + s.bytes, 0) * 8) / seconds) : 0;
}

/** The RFC 6381 name of the H.264 stream in an fMP4 init segment (`avc1.64001f`), from its avcC box. */
export function avcCodec(init: Buffer): string | null {
  const at = init.indexOf('avcC');
  if (at < 0 || at + 8 > init.length) return null;
  const hex = (b: number) => b.toString(16).padStart(2, '0');
  return `avc1.${hex(init[at + 5]!)}${hex(init[at + 6]!)}${hex(init[at + 7]!)}`;
}

/**
 * The RFC 6381 / AV1-ISOBMFF name of the AV1 stream in an fMP4 init segment (`av01.0.04M.08`), from its
 * av1C box: profile, level, tier and bit depth.
 */
export function av1Codec(init: Buffer): string | null {
  const at = init.indexOf('av1C');
  if (at < 0 || at + 7 > init.length) return null;
  const profile = init[at + 5]! >> 5;
  const level = init[at + 5]! & 0x1f;
  const flags = init[at + 6]!;
  const tier = flags & 0x80 ? 'H' : 'M';
  const depth = flags & 0x40 ? (profile === 2 && flags & 0x20 ? 12 : 10) : 8;
  return `av01.${profile}.${String(level).padStart(2, '0')}${tier}.${String(depth).padStart(2, '0')}`;
}

export const AAC_LC = 'mp4a.40.2';
export const OPUS = 'opus';

export interface Variant {
  name: string;
  /** Absent for the audio-only variant. */
  video?: { width: number; height: number; codec: string; frameRate: number };
  hasAudio: boolean;
  /** The sound's codec name when there is sound: AAC-LC unless said otherwise. */
  audioCodec?: string;
  peak: number;
  average: number;
  /** Everything a player downloads to play it whole: playlist, init segment and media segments. */
  bytes: number;
  /** The media segments, for checks. */
  segments: Segment[];
}

/** Measures one variant folder as ffmpeg left it. */
export async function measureVariant(
  dir: string,
  name: string,
  opts: { hasAudio: boolean; audioCodec?: string; size?: { width: number; height: number } },
): Promise<Variant> {
  const folder = path.join(dir, name);
  const playlistText = await fs.readFile(path.join(folder, 'index.m3u8'), 'utf8');
  const playlist = parseMediaPlaylist(playlistText);
  const segments = await Promise.all(
    playlist.segments.map(async (s) => ({
      duration: s.duration,
      bytes: (await fs.stat(path.join(folder, s.uri))).size,
    })),
  );
  const init = playlist.init ? await fs.readFile(path.join(folder, playlist.init)) : Buffer.alloc(0);
  const bytes = Buffer.byteLength(playlistText) + init.length + segments.reduce((a, s) => a + s.bytes, 0);
  const base = {
    name,
    hasAudio: opts.hasAudio,
    ...(opts.audioCodec ? { audioCodec: opts.audioCodec } : {}),
    peak: peakBitrate(segments, playlist.targetDuration),
    average: averageBitrate(segments),
    bytes,
    segments,
  };
  if (!opts.size) return base;
  return {
    ...base,
    video: {
      ...opts.size,
      codec: avcCodec(init) ?? av1Codec(init) ?? 'avc1.640028',
      frameRate: await frameRate(path.join(folder, 'index.m3u8')),
    },
  };
}

/** The video frame rate of a rendition, read back by ffprobe (0 if it cannot tell). */
async function frameRate(playlist: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=avg_frame_rate',
    '-of',
    'csv=p=0',
    playlist,
  ]);
  const [num, den] = stdout.trim().split('\n')[0]!.split('/').map(Number);
  const fps = num! / (den || 1);
  return Number.isFinite(fps) ? fps : 0;
}

export function masterPlaylist(variants: Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of variants) {
    const attrs = [`BANDWIDTH=${v.peak}`, `AVERAGE-BANDWIDTH=${v.average}`];
    const codecs = [...(v.video ? [v.video.codec] : []), ...(v.hasAudio ? [v.audioCodec ?? AAC_LC] : [])];
    if (v.video) {
      attrs.push(`RESOLUTION=${v.video.width}x${v.video.height}`);
      if (v.video.frameRate > 0) attrs.push(`FRAME-RATE=${v.video.frameRate.toFixed(3)}`);
    }
    attrs.push(`CODECS="${codecs.join(',')}"`);
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${v.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A master playlist listing the variants of `added` beside those of `existing` (the AV1 family beside an
 * H.264 ladder made before it, decision 0070), in the order `masterPlaylist` writes: every picture variant,
 * existing first, then the audio-only ones, existing first. A variant of `added` already listed is not
 * listed twice.
 */
export function mergeMasters(existing: string, added: string): string {
  const listed = new Set(streams(existing).map((s) => s.uri));
  const all = [...streams(existing), ...streams(added).filter((s) => !listed.has(s.uri))];
  const audioOnly = (s: { inf: string }) => !/RESOLUTION=/.test(s.inf);
  const ordered = [...all.filter((s) => !audioOnly(s)), ...all.filter(audioOnly)];
  const head = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  return `${[...head, ...ordered.flatMap((s) => [s.inf, s.uri])].join('\n')}\n`;
}

/** Each `#EXT-X-STREAM-INF` line of a master playlist with the URI that follows it. */
function streams(master: string): { inf: string; uri: string }[] {
  const lines = master.split(/\r?\n/).map((l) => l.trim());
  return lines.flatMap((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return [];
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith('#'));
    return uri ? [{ inf: line, uri }] : [];
  });
}
