// Turns an original video into the asset's HLS folder: the H.264 and AV1 ladders in one ffmpeg pass (with
// each family's audio-only variant when there is sound), a master playlist of measured rates, a poster and WebP thumbnails. It
// writes into a scratch folder that the caller publishes to the media storage once complete (see
// processVideoJob.ts), so a crash mid-way never leaves a half-written folder that players could reach.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  AUDIO_ONLY,
  audioOnlyFor,
  ladderArgs,
  listenOnlyArgs,
  OPUS_AUDIO_ONLY,
  type PlannedRendition,
  planRenditions,
  type VideoCodec,
} from './hlsLadder.ts';
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

/** Writes the asset's files into `work` (made if missing; expected empty). */
export async function transcodeVideo(
  original: string,
  probe: VideoProbe,
  work: string,
  opts: TranscodeOptions = {},
): Promise<TranscodeResult> {
  await fs.mkdir(work, { recursive: true });
  const codecs: VideoCodec[] = ['h264', 'av1'];
  const renditions = planRenditions(probe.width, probe.height, codecs);
  await runFfmpeg(ladderArgs(original, work, renditions, probe), {
    duration: probe.duration,
    lowPriority: true,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  const largest = renditions.reduce((a, r) => (r.width * r.height > a.width * a.height ? r : a));
  await makeStills(original, probe, work, largest, opts.signal);
  const hasAudio = probe.hasAudio;
  const measured = await Promise.all(
    codecs.map(async (codec) => {
      const audioCodec = codec === 'av1' ? OPUS : AAC_LC;
      const planned = renditions.filter((r) => r.codec === codec);
      const measure = (r: PlannedRendition) =>
        measureVariant(work, r.name, { hasAudio, audioCodec, size: { width: r.width, height: r.height } });
      const videos = await Promise.all(
        planned.map(async (r) => {
          const v = await measure(r);
          if (!r.budgetKbps || v.average <= r.budgetKbps * 1000) return v;
          await remake(original, probe, work, { ...r, videoKbps: refitCap(r, v.average) }, opts.signal);
          return measure(r);
        }),
      );
      const audio = hasAudio ? await measureVariant(work, audioOnlyFor(codec).name, { hasAudio, audioCodec }) : null;
      return { codec, planned, videos, audio };
    }),
  );
  // Pictures first, H.264 before AV1 (a player taking the first variant it can play starts on H.264), then
  // the audio-only variants.
  const variants = [...measured.flatMap((m) => m.videos), ...measured.flatMap((m) => (m.audio ? [m.audio] : []))];
  const master = masterPlaylist(variants);
  await fs.writeFile(path.join(work, 'master.m3u8'), master);
  const info = (v: Variant) => variantInfo(v, master);
  const sets = Object.fromEntries(
    measured.map((m) => [
      m.codec,
      {
        renditions: m.videos.map((v, i) => ({ ...info(v), width: m.planned[i]!.width, height: m.planned[i]!.height })),
        audio: m.audio && info(m.audio),
      },
    ]),
  ) as Partial<Record<VideoCodec, CodecSet>>;
  return { renditions: sets.h264?.renditions ?? [], audio: sets.h264?.audio ?? null, av1: sets.av1 ?? null };
}

/** What a rendition's container costs beside its media, in kbit/s (fMP4 fragment headers, ≈ 4 at 240p). */
const CONTAINER_KBPS = 4;

/**
 * The lower cap for a rendition above its budget: the video's share of the budget (less sound and
 * container) over what the video took, applied to the cap, with 10 % to spare (the loose cap overshoots
 * more the lower it is set).
 */
export function refitCap(r: PlannedRendition, averageBps: number): number {
  const video = averageBps / 1000 - r.audioKbps - CONTAINER_KBPS;
  const room = r.budgetKbps! - r.audioKbps - CONTAINER_KBPS;
  return Math.floor((r.videoKbps * room * 0.9) / video);
}

/** Makes one rendition again (its own ffmpeg run) and puts it in place of the first one. */
async function remake(original: string, probe: VideoProbe, work: string, r: PlannedRendition, signal?: AbortSignal) {
  const scratch = path.join(work, '.remake');
  await fs.mkdir(scratch, { recursive: true });
  await runFfmpeg(ladderArgs(original, scratch, [r], probe), {
    duration: probe.duration,
    lowPriority: true,
    ...(signal ? { signal } : {}),
  });
  await fs.rm(path.join(work, r.name), { recursive: true, force: true });
  await fs.rename(path.join(scratch, r.name), path.join(work, r.name));
  await fs.rm(scratch, { recursive: true, force: true });
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
    { lowPriority: true, ...(signal ? { signal } : {}) },
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
    lowPriority: true,
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
    audio: variantInfo(aac, master),
    av1: { renditions: [], audio: variantInfo(opus, master) },
  };
}

/** A measured variant as recorded on the asset: what playing it whole downloads, the master included. */
function variantInfo(v: Variant, master: string): AudioRenditionInfo {
  return { name: v.name, bytes: v.bytes + Buffer.byteLength(master), peakBps: v.peak, averageBps: v.average };
}
