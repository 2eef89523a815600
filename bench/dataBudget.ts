// Issue 11: the data budget. MB per hour of every rung and of "Listen only" for a talking-head-like clip
// and a worst case (full-frame noise at 60 fps with white-noise sound), counted from the files a player
// downloads (playlists, init and media segments). Reference in the same run: bare ffmpeg making the ladder
// at the previous caps (video 300/600/1000/2000 kbit/s, audio 48/64/96/96) on the same clip. Also the
// pipeline's time against bare ffmpeg running today's ladder command on the worst-case clip.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ladderArgs, planRenditions } from '#server/modules/media/hlsLadder.ts';
import { probeVideo, type VideoProbe } from '#server/modules/media/probeVideo.ts';
import { transcodeVideo } from '#server/modules/media/transcodeVideo.ts';
import { compared, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

const run = promisify(execFile);
const PREVIOUS_CAPS: Record<string, [video: number, audio: number]> = {
  '240p': [300, 48],
  '360p': [600, 64],
  '480p': [1000, 96],
  '720p': [2000, 96],
};

const CLIPS = {
  'talking head':
    'color=c=0x3a4a5a:s=1280x720:r=30,drawbox=x=60:y=60:w=330:h=600:color=0x6b5b4b:t=fill,' +
    "drawbox=x='570+20*sin(t)':y='200+8*sin(1.7*t)':w=170:h=220:color=0xd2a679:t=fill," +
    "drawbox=x='545+20*sin(t)':y='425+8*sin(1.7*t)':w=225:h=295:color=0x1f3b73:t=fill,noise=alls=6:allf=t",
  'worst case': 'cellauto=s=1280x720:r=60,noise=alls=80:allf=t+u',
};
const SOUND = {
  'talking head': "aevalsrc='0.3*sin(2*PI*180*t)*(0.5+0.5*sin(2*PI*3*t))':s=48000",
  'worst case': 'anoisesrc=c=white:a=0.5:r=48000',
};

async function makeClip(file: string, kind: keyof typeof CLIPS, seconds: number) {
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', CLIPS[kind], '-f', 'lavfi', '-i', SOUND[kind]],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '24', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '160k', file],
  ]);
}

const ffmpeg = (args: string[]) => run('nice', ['-n', '10', 'ffmpeg', ...args], { maxBuffer: 64 * 1024 * 1024 });

/** Bytes of a folder (a variant as a player downloads it). */
const folderBytes = (dir: string) =>
  fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);

const mbPerHour = (bytes: number, seconds: number) => round(((bytes / seconds) * 3600) / 1e6, 1);

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

/** The previous ladder: same command shape, the caps before issue 11. */
async function previousLadder(clip: string, probe: VideoProbe, out: string) {
  fs.mkdirSync(out);
  // The H.264 ladder (the previous caps were H.264's; the AV1 family is bench/av1.ts's).
  const rungs = planRenditions(probe.width, probe.height, ['h264']).map((r) => {
    const [videoKbps, audioKbps] = PREVIOUS_CAPS[r.name]!;
    return { ...r, videoKbps, audioKbps };
  });
  await ffmpeg(ladderArgs(clip, out, rungs, { hasAudio: probe.hasAudio }));
  const master = fs.statSync(path.join(out, 'master.m3u8')).size;
  return rungs.map((r) => ({ name: r.name, bytes: master + folderBytes(path.join(out, r.name)) }));
}

export const benchmark: Benchmark = {
  name: 'data-budget',
  description: 'MB/hour per rung and Listen only, talking head and worst case, vs the previous caps',
  async run(ctx): Promise<Figure[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-bench-budget-'));
    const seconds = ctx.quick ? 6 : 24;
    const figures: Figure[] = [];
    try {
      for (const kind of Object.keys(CLIPS) as (keyof typeof CLIPS)[]) {
        const clip = path.join(dir, `${kind.replace(' ', '-')}.mp4`);
        ctx.log(`making a ${seconds} s 720p ${kind} clip`);
        await makeClip(clip, kind, seconds);
        const probe = await probeVideo(clip);
        ctx.log(`${kind}: previous caps (bare ffmpeg)`);
        const before = await previousLadder(clip, probe, path.join(dir, `${kind}-previous`));
        ctx.log(`${kind}: pipeline`);
        const out = path.join(dir, `${kind}-now`);
        const t0 = performance.now();
        const made = await transcodeVideo(clip, probe, out);
        const pipelineSeconds = (performance.now() - t0) / 1000;
        for (const r of made.renditions) {
          const now = mbPerHour(r.bytes, probe.duration);
          const previous = mbPerHour(before.find((b) => b.name === r.name)!.bytes, probe.duration);
          figures.push({
            ...compared(`${kind} ${r.name} (video + audio + container)`, now, 'MB/hour', {
              label: 'previous caps, bare ffmpeg',
              value: previous,
            }),
            ...(r.name === '240p' ? { goal: '≤ 100 MB/h', met: now <= 100 } : {}),
          });
          figures.push({ label: `${kind} ${r.name} declared peak`, value: round(r.peakBps / 1000), unit: 'kbit/s' });
        }
        if (made.audio) {
          const listen = mbPerHour(made.audio.bytes, probe.duration);
          figures.push({
            label: `${kind} Listen only`,
            value: listen,
            unit: 'MB/hour',
            goal: '≤ 20 MB/h',
            met: listen <= 20,
          });
        }
        if (kind === 'worst case') {
          const bareOut = path.join(dir, 'bare');
          fs.mkdirSync(bareOut);
          const args = ladderArgs(clip, bareOut, planRenditions(probe.width, probe.height), probe);
          ctx.log('worst case: bare ffmpeg, same ladder command');
          const bare = await time(() => ffmpeg(args));
          figures.push(
            compared('worst case transcode time (pipeline)', round(pipelineSeconds, 1), 's', {
              label: 'bare ffmpeg, same ladder command and nice',
              value: round(bare, 1),
            }),
          );
        }
      }
      return figures;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
