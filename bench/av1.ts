// Issue 28: AV1 + Opus beside H.264 + AAC (decision 0066). For a talking head, a screen recording and a
// hard clip (full-frame noise at 60 fps), 720p sources: MB/hour of 240p in AV1 with its Opus sound against
// 240p in H.264 from the same run (goal ≤ 55 MB/h), and the SSIM of each against the source scaled to
// 426×240 (goal: AV1 no lower); Opus Listen only against AAC Listen only (goal ≤ 8 MB/h). Then the whole
// ladder (both families) for a 1080p30 clip against today's ladder (H.264 only, bare ffmpeg, same nice) on
// the same clip (goal ≤ 1.5 ×), as seconds per source minute.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ladderArgs, planRenditions } from '#server/modules/media/hlsLadder.ts';
import { probeVideo } from '#server/modules/media/probeVideo.ts';
import { transcodeVideo } from '#server/modules/media/transcodeVideo.ts';
import { compared, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('nice', ['-n', '10', 'ffmpeg', ...args], { maxBuffer: 64 * 1024 * 1024 });
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const SPEECH =
  "flite=text='Today we learn how to keep the records of a small shop. Write every sale in the book, and count the money at the end of the day.':voice=slt";

const CLIPS = {
  'talking head': [
    'color=c=0x3a4a5a:s=1280x720:r=30,drawbox=x=60:y=60:w=330:h=600:color=0x6b5b4b:t=fill,' +
      "drawbox=x='570+20*sin(t)':y='200+8*sin(1.7*t)':w=170:h=220:color=0xd2a679:t=fill," +
      "drawbox=x='545+20*sin(t)':y='425+8*sin(1.7*t)':w=225:h=295:color=0x1f3b73:t=fill,noise=alls=6:allf=t",
    SPEECH,
  ],
  'screen recording': [
    `color=c=white:s=1280x720:r=30,drawtext=fontfile=${FONT}:textfile=/etc/services:fontsize=22:x=40:y='80-mod(t\\,8)*40',` +
      "drawbox=x='600+200*sin(t)':y='360+120*cos(t)':w=12:h=18:color=red:t=fill",
    SPEECH,
  ],
  'hard (noise, 60 fps)': ['cellauto=s=1280x720:r=60,noise=alls=80:allf=t+u', 'anoisesrc=c=white:a=0.5:r=48000'],
} as const;

const mbPerHour = (bytes: number, seconds: number) => round(((bytes / seconds) * 3600) / 1e6, 1);

async function ssim(source: string, rendition: string): Promise<number> {
  const { stderr } = await ffmpeg([
    ...['-hide_banner', '-i', rendition, '-i', source, '-lavfi'],
    ...['[1:v]fps=30,scale=426:240,format=yuv420p[ref];[0:v][ref]ssim', '-f', 'null', '-'],
  ]);
  return Number(/All:([\d.]+)/.exec(stderr)?.[1]);
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return (performance.now() - t0) / 1000;
}

export const benchmark: Benchmark = {
  name: 'av1',
  description: 'AV1 + Opus vs H.264 + AAC: MB/hour and SSIM at 240p, Listen only, ladder time per source minute',
  async run(ctx): Promise<Figure[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-bench-av1-'));
    const figures: Figure[] = [];
    try {
      const seconds = ctx.quick ? 6 : 24;
      for (const [kind, [video, sound]] of Object.entries(CLIPS)) {
        const clip = path.join(dir, `${kind.split(' ')[0]}.mp4`);
        ctx.log(`making a ${seconds} s 720p ${kind} clip`);
        await ffmpeg([
          ...['-v', 'error', '-y', '-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', sound, '-t', String(seconds)],
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p'],
          ...['-c:a', 'aac', '-b:a', '160k', '-ar', '48000', clip],
        ]);
        const probe = await probeVideo(clip);
        const out = path.join(dir, `${kind.split(' ')[0]}-out`);
        ctx.log(`${kind}: both ladders`);
        const made = await transcodeVideo(clip, probe, out);
        const h264 = made.renditions.find((r) => r.name === '240p')!;
        const av1 = made.av1!.renditions.find((r) => r.name === '240p-av1')!;
        figures.push(
          compared(
            `${kind} 240p AV1 + Opus`,
            mbPerHour(av1.bytes, probe.duration),
            'MB/hour',
            { label: '240p H.264 + AAC, same run', value: mbPerHour(h264.bytes, probe.duration) },
            { text: '≤ 55 MB/h', met: (v) => v <= 55 },
          ),
        );
        const [s264, sAv1] = [
          await ssim(clip, path.join(out, '240p/index.m3u8')),
          await ssim(clip, path.join(out, '240p-av1/index.m3u8')),
        ];
        figures.push(
          compared(
            `${kind} 240p AV1 SSIM`,
            sAv1,
            '',
            { label: '240p H.264 SSIM, same clip', value: s264 },
            { text: '≥ H.264', met: (v) => v >= s264 },
          ),
        );
        if (made.audio && made.av1?.audio) {
          const opus = mbPerHour(made.av1.audio.bytes, probe.duration);
          figures.push(
            compared(
              `${kind} Listen only (Opus 16 kbit/s mono)`,
              opus,
              'MB/hour',
              { label: 'Listen only AAC 32 kbit/s', value: mbPerHour(made.audio.bytes, probe.duration) },
              { text: '≤ 8 MB/h', met: (v) => v <= 8 },
            ),
          );
        }
      }

      const minute = ctx.quick ? 8 : 60;
      const busy = path.join(dir, 'busy.mp4');
      ctx.log(`making a ${minute} s 1080p30 clip`);
      await ffmpeg([
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-f', 'lavfi'],
        ...['-i', 'sine=frequency=300:sample_rate=48000', '-t', String(minute), '-c:v', 'libx264'],
        ...['-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', busy],
      ]);
      const probe = await probeVideo(busy);
      const today = path.join(dir, 'today');
      fs.mkdirSync(today);
      ctx.log("today's ladder (H.264 only, bare ffmpeg)");
      const before = await time(() =>
        ffmpeg(ladderArgs(busy, today, planRenditions(probe.width, probe.height, ['h264']), probe)),
      );
      ctx.log('both ladders (pipeline)');
      const now = await time(() => transcodeVideo(busy, probe, path.join(dir, 'both')));
      const perMinute = (s: number) => round((s / probe.duration) * 60, 1);
      figures.push(
        compared(
          'whole ladder, H.264 + AV1 (1080p30 source)',
          perMinute(now),
          's per source minute',
          { label: "today's H.264 ladder, bare ffmpeg, same nice", value: perMinute(before) },
          { text: '≤ 1.5 ×', met: (_v, r) => r <= 1.5 },
        ),
      );
      return figures;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
