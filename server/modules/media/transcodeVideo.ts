// Turns an original video into the asset's HLS folder: the ladder in one ffmpeg pass (with an audio-only
// variant when there is sound), a master playlist of measured rates, a poster and WebP thumbnails. It
// writes into a scratch folder that the caller publishes to the media storage once complete (see
// processVideoJob.ts), so a crash mid-way never leaves a half-written folder that players could reach.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { AUDIO_ONLY, ladderArgs, planRenditions } from './hlsLadder.ts';
import { masterPlaylist, measureVariant, type Variant } from './masterPlaylist.ts';
import { processImage } from './processImage.ts';
import { runFfmpeg } from './runFfmpeg.ts';
import type { VideoProbe } from './probeVideo.ts';

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

export interface TranscodeResult {
  renditions: RenditionInfo[];
  /** Null when the source has no sound. */
  audio: AudioRenditionInfo | null;
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
  const renditions = planRenditions(probe.width, probe.height);
  await runFfmpeg(ladderArgs(original, work, renditions, probe), {
    duration: probe.duration,
    lowPriority: true,
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  await makeStills(original, probe, work, renditions[renditions.length - 1]!, opts.signal);
  const hasAudio = probe.hasAudio;
  const videos = await Promise.all(
    renditions.map((r) => measureVariant(work, r.name, { hasAudio, size: { width: r.width, height: r.height } })),
  );
  const audio = hasAudio ? await measureVariant(work, AUDIO_ONLY.name, { hasAudio }) : null;
  const master = masterPlaylist(audio ? [...videos, audio] : videos);
  await fs.writeFile(path.join(work, 'master.m3u8'), master);
  const info = (v: Variant) => ({
    name: v.name,
    bytes: v.bytes + Buffer.byteLength(master),
    peakBps: v.peak,
    averageBps: v.average,
  });
  return {
    renditions: videos.map((v, i) => ({ ...info(v), width: renditions[i]!.width, height: renditions[i]!.height })),
    audio: audio && info(audio),
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
    { lowPriority: true, ...(signal ? { signal } : {}) },
  );
  await sharp(frame).webp({ quality: 75 }).toFile(path.join(work, 'poster.webp'));
  await processImage(frame, work);
  await fs.rm(frame);
}
