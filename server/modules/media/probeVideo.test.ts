import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '#tests/support/makeClip.ts';
import { DomainError } from '#server/core/errors.ts';
import { probeVideo } from './probeVideo.ts';

const run = promisify(execFile);

let dir: string;
let clip: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-probe-'));
  clip = await makeClip(path.join(dir, 'clip.mp4'), { width: 320, height: 180, seconds: 3, fps: 25 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const file = (name: string) => path.join(dir, name);

/** Copies the clip with its index at the front (as uploads from phones and our own clips have it). */
async function fastStart(src: string, out: string, extra: string[] = []) {
  await run('ffmpeg', ['-v', 'error', '-y', '-i', src, '-c', 'copy', ...extra, '-movflags', '+faststart', out]);
  return out;
}

function firstHalf(src: string, out: string) {
  const bytes = fs.readFileSync(src);
  fs.writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length / 2)));
  return out;
}

describe('probeVideo', () => {
  it('reads duration, size, codec and audio of a real clip', async () => {
    const probe = await probeVideo(clip);
    expect(probe).toMatchObject({ width: 320, height: 180, hasAudio: true, codec: 'h264' });
    expect(probe.duration).toBeCloseTo(3, 1);
    expect(probe.container).toContain('mp4');
  });

  it('notices a clip without sound', async () => {
    const silent = await makeClip(file('silent.mp4'), { width: 320, height: 180, seconds: 1, audio: false });
    expect(await probeVideo(silent)).toMatchObject({ hasAudio: false, width: 320, height: 180 });
  });

  it('reports the displayed size of a video recorded upright (rotated in its metadata)', async () => {
    const upright = await fastStart(clip, file('upright.mp4'), ['-metadata:s:v:0', 'rotate=90']);
    expect(await probeVideo(upright)).toMatchObject({ width: 180, height: 320 });
  });

  it('refuses a truncated MP4 whose index is still complete', async () => {
    const cut = firstHalf(await fastStart(clip, file('fast.mp4')), file('cut-fast.mp4'));
    const err = await probeVideo(cut).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({
      code: 'not_video',
      message: 'This video file is incomplete or damaged. Please upload it again.',
    });
  });

  it('refuses a truncated MP4 that lost its index', async () => {
    const cut = firstHalf(clip, file('cut.mp4'));
    await expect(probeVideo(cut)).rejects.toMatchObject({ code: 'not_video' });
  });

  it('refuses a PNG renamed .mp4 and a text file renamed .mp4', async () => {
    const png = file('picture.mp4');
    await sharp({ create: { width: 64, height: 36, channels: 3, background: '#123456' } })
      .png()
      .toFile(png);
    await expect(probeVideo(png)).rejects.toMatchObject({
      code: 'not_video',
      message: 'This file is not a video we can play. Please upload an MP4, MOV, AVI or WebM video.',
    });
    fs.writeFileSync(file('notes.mp4'), 'not a video at all');
    await expect(probeVideo(file('notes.mp4'))).rejects.toMatchObject({ code: 'not_video' });
  });
});
