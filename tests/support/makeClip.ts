// Real video files for tests, made by ffmpeg from its test patterns (small and short: CI has 2 cores).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ClipSpec {
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  audio?: boolean;
  /** Lossless video: a large file for a small picture (uploads of several chunks that stay cheap to transcode). */
  lossless?: boolean;
}

export async function makeClip(file: string, spec: ClipSpec): Promise<string> {
  const { width, height, seconds, fps = 30, audio = true, lossless = false } = spec;
  const args = ['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}`];
  if (audio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  args.push('-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (lossless) args.push('-qp', '0');
  if (audio) args.push('-c:a', 'aac');
  await run('ffmpeg', [...args, file]);
  return file;
}

/** Presentation times (s) of the video keyframes of a rendition (its init segment and media segments). */
export async function keyframeTimes(initAndSegments: string[], scratch: string): Promise<number[]> {
  const fs = await import('node:fs/promises');
  await fs.writeFile(scratch, Buffer.concat(await Promise.all(initAndSegments.map((f) => fs.readFile(f)))));
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time,flags',
    '-of',
    'csv=p=0',
    scratch,
  ]);
  return stdout
    .trim()
    .split('\n')
    .map((l) => l.split(','))
    .filter(([, flags]) => flags?.startsWith('K'))
    .map(([t]) => Number(t));
}
