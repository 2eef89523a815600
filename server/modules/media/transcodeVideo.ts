// Turns an original video into the asset's HLS folder: the H.264 and AV1 ladders in one ffmpeg pass (with
// each family's audio-only variant when there is sound), a master playlist of measured rates, a poster and WebP thumbnails. It
// writes into a scratch folder that the caller publishes to the media storage once complete (see
// processVideoJob.ts), so a crash mid-way never leaves a half-written folder that players could reach.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { encodeLadder, type EncodedFamily } from './encodeLadder.ts';
import { AUDIO_ONLY, listenOnlyArgs, OPUS_AUDIO_ONLY, type PlannedRendition, type VideoCodec } from './hlsLadder.ts';
import { AAC_LC, masterPlaylist, measureVariant, OPUS, type Variant } from './masterPlaylist.ts';
import { processImage } from './processImage.ts';
import { runFfmpeg } from './runFfmpeg.ts';
import type { VideoProbe } from './probeVideo.ts';
import type { AudioProbe } from './probeAudio.ts';

export interface RenditionInfo {
  name: string;
  width: number;
  height: number;
  /** What watching it whole downloads: master and media playlists, init segment, every media segment. */
  bytes: number;
  /** Bits per second: the master playlist's BANDWIDTH (true peak) and AVERAGE-BANDWIDTH. */
  peakBps: number;
  averageBps: number;
}

/** The "Listen only" variant `audio/`: sound without picture. */
export type AudioRenditionInfo = Omit<RenditionInfo, 'width' | 'height'>;

/** One codec family's renditions, lowest first, and its Listen only. */
export interface CodecSet {
  renditions: RenditionInfo[];
  /** Null when the source has no sound. */
  audio: AudioRenditionInfo | null;
}

/** The H.264 family (every browser) and the AV1 one (null when not made: a backfill is still to come). */
export interface TranscodeResult extends CodecSet {
  av1: CodecSet | null;
}

export interface TranscodeOptions {
  signal?: AbortSignal;
  onProgress?(percent: number): void;
}

/** Publishing order: segments and images, then rendition playlists, then the master that lists them. */
export const hlsPublishRank = (file: string): number => (file === 'master.m3u8' ? 2 : file.endsWith('.m3u8') ? 1 : 0);

/** Uploads' transcodes run under `nice -n 10`: page serving first. */
const UPLOAD_NICE = 10;

/** Writes the asset's files into `work` (made if missing; expected empty). */
export async function transcodeVideo(
  original: string,
  probe: VideoProbe,
  work: string,
  opts: TranscodeOptions = {},
): Promise<TranscodeResult> {
  const codecs: VideoCodec[] = ['h264', 'av1'];
  const measured = await encodeLadder(original, probe, work, codecs, { ...opts, nice: UPLOAD_NICE });
  const largest = measured
    .flatMap((m) => m.planned)
    .reduce((a: PlannedRendition, r) => (r.width * r.height > a.width * a.height ? r : a));
  await makeStills(original, probe, work, largest, opts.signal);
  // Pictures first, H.264 before AV1 (a player taking the first variant it can play starts on H.264), then
  // the audio-only variants.
  const variants = [...measured.flatMap((m) => m.videos), ...measured.flatMap((m) => (m.audio ? [m.audio] : []))];
  const master = masterPlaylist(variants);
  await fs.writeFile(path.join(work, 'master.m3u8'), master);
  const sets = Object.fromEntries(measured.map((m) => [m.codec, codecSet(m, Buffer.byteLength(master))])) as Partial<
    Record<VideoCodec, CodecSet>
  >;
  return { renditions: sets.h264?.renditions ?? [], audio: sets.h264?.audio ?? null, av1: sets.av1 ?? null };
}

/** A family's sizes and rates as recorded on the asset; each download counts the master playlist too. */
export function codecSet(family: EncodedFamily, masterBytes: number): CodecSet {
  const info = (v: Variant) => variantInfo(v, masterBytes);
  return {
    renditions: family.videos.map((v, i) => ({
      ...info(v),
      width: family.planned[i]!.width,
      height: family.planned[i]!.height,
    })),
    audio: family.audio && info(family.audio),
  };
}

/** A frame a little into the video (past fade-ins): the player's poster and the episode thumbnails. */
async function makeStills(
  original: string,
  probe: VideoProbe,
  work: string,
  size: { width: number; height: number },
  signal?: AbortSignal,
) {
  const frame = path.join(work, 'frame.png');
  const at = Math.min(1, probe.duration / 3).toFixed(3);
  await runFfmpeg(
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-v',
      'error',
      '-ss',
      at,
      '-i',
      original,
      '-frames:v',
      '1',
      '-vf',
      `scale=${size.width}:${size.height}`,
      frame,
    ],
    { nice: UPLOAD_NICE, ...(signal ? { signal } : {}) },
  );
  await sharp(frame).webp({ quality: 75 }).toFile(path.join(work, 'poster.webp'));
  await processImage(frame, work);
  await fs.rm(frame);
}

/**
 * An audio lesson's recording (decision 0069): the two Listen only variants alone (AAC, and Opus as the AV1
 * family's), a master of measured rates listing both, no pictures. The result has the shape of a video's, with
 * no renditions, so everything that reads a video's Listen only reads it.
 */
export async function transcodeAudio(
  original: string,
  probe: AudioProbe,
  work: string,
  opts: TranscodeOptions = {},
): Promise<TranscodeResult> {
  await fs.mkdir(work, { recursive: true });
  await runFfmpeg(listenOnlyArgs(original, work), {
    duration: probe.duration,
    nice: UPLOAD_NICE,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  const [aac, opus] = await Promise.all([
    measureVariant(work, AUDIO_ONLY.name, { hasAudio: true, audioCodec: AAC_LC }),
    measureVariant(work, OPUS_AUDIO_ONLY.name, { hasAudio: true, audioCodec: OPUS }),
  ]);
  const master = masterPlaylist([aac, opus]);
  await fs.writeFile(path.join(work, 'master.m3u8'), master);
  return {
    renditions: [],
    audio: variantInfo(aac, Buffer.byteLength(master)),
    av1: { renditions: [], audio: variantInfo(opus, Buffer.byteLength(master)) },
  };
}

/** A measured variant as recorded on the asset: what playing it whole downloads, the master included. */
function variantInfo(v: Variant, masterBytes: number): AudioRenditionInfo {
  return { name: v.name, bytes: v.bytes + masterBytes, peakBps: v.peak, averageBps: v.average };
}
