// Turns an original video into the asset's HLS folder: the ladder in one ffmpeg pass, a poster and WebP
// thumbnails. Works in a scratch folder renamed into place at the end, so a crash mid-way never leaves a
// half-written folder that players could reach.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ladderArgs, planRenditions } from './hlsLadder.ts';
import { processImage } from './processImage.ts';
import { runFfmpeg } from './runFfmpeg.ts';
import type { VideoProbe } from './probeVideo.ts';

export interface RenditionInfo {
  name: string;
  width: number;
  height: number;
  /** Bytes of all its segments (video and audio): what watching it whole costs. */
  bytes: number;
}

export interface TranscodeOptions {
  signal?: AbortSignal;
  onProgress?(percent: number): void;
}

export async function transcodeVideo(
  original: string,
  probe: VideoProbe,
  outDir: string,
  opts: TranscodeOptions = {},
): Promise<RenditionInfo[]> {
  const work = path.join(path.dirname(outDir), `.work-${path.basename(outDir)}`);
  await fs.rm(work, { recursive: true, force: true });
  await fs.mkdir(work, { recursive: true });
  try {
    const renditions = planRenditions(probe.width, probe.height);
    await runFfmpeg(ladderArgs(original, work, renditions, probe.hasAudio), {
      duration: probe.duration,
      lowPriority: true,
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
    });
    await makeStills(original, probe, work, renditions[renditions.length - 1]!, opts.signal);
    const infos: RenditionInfo[] = [];
    for (const r of renditions) {
      const files = await fs.readdir(path.join(work, r.name));
      const sizes = await Promise.all(files.map((f) => fs.stat(path.join(work, r.name, f)).then((s) => s.size)));
      infos.push({ name: r.name, width: r.width, height: r.height, bytes: sizes.reduce((a, b) => a + b, 0) });
    }
    await fs.rm(outDir, { recursive: true, force: true });
    await fs.rename(work, outDir);
    return infos;
  } catch (err) {
    await fs.rm(work, { recursive: true, force: true });
    throw err;
  }
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
    ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-ss', at, '-i', original, '-frames:v', '1',
      '-vf', `scale=${size.width}:${size.height}`, frame],
    { lowPriority: true, ...(signal ? { signal } : {}) },
  );
  await sharp(frame).webp({ quality: 75 }).toFile(path.join(work, 'poster.webp'));
  await processImage(frame, work);
  await fs.rm(frame);
}
