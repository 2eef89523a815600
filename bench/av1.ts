// Issue 28: AV1 + Opus beside H.264 + AAC (decision 0066). For a talking head, a screen recording and a
// hard clip (full-frame noise at 60 fps), 720p sources: MB/hour of 240p in AV1 with its Opus sound against
// 240p in H.264 from the same run (goal ≤ 55 MB/h), and the SSIM of each against the source scaled to
// 426×240 (goal: AV1 no lower); Opus Listen only against AAC Listen only (goal ≤ 8 MB/h), per hour of the
// sound itself, with what of it is the codec's and what the container's. Then the whole ladder (both
// families) for a 1080p30 clip against today's ladder (H.264 only, bare ffmpeg, same nice) on the same clip
// (goal ≤ 1.5 ×), as seconds per source minute, in wall time and in ffmpeg's CPU time (what a machine busy
// with other work sees; wall time on 2 shared cores moves with the others' load).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ladderArgs, OPUS_AUDIO_ONLY, planRenditions } from '#server/modules/media/hlsLadder.ts';
import { parseMediaPlaylist } from '#server/modules/media/masterPlaylist.ts';
import { probeVideo } from '#server/modules/media/probeVideo.ts';
import { transcodeVideo } from '#server/modules/media/transcodeVideo.ts';
import { compared, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('nice', ['-n', '10', 'ffmpeg', ...args], { maxBuffer: 64 * 1024 * 1024 });
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
// Looped, so the sound lasts as long as the clip (flite's 6.6 s would otherwise end early).
const SPEECH =
  "flite=text='Today we learn how to keep the records of a small shop. Write every sale in the book, and count the money at the end of the day.':voice=slt,aloop=loop=-1:size=2e6";

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

/** CPU seconds (user + system) of this process's finished children: ffmpeg, reaped through its shell. */
function childCpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // cutime and cstime, fields 16 and 17 of proc(5), in clock ticks (100 a second on Linux).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Wall and ffmpeg CPU seconds of `fn`. */
async function time(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const [t0, c0] = [performance.now(), childCpuSeconds()];
  await fn();
  return { wall: (performance.now() - t0) / 1000, cpu: childCpuSeconds() - c0 };
}

/** A Listen only variant: bytes a player downloads (master included), seconds of sound, codec payload. */
async function listenOnly(out: string, name: string) {
  const folder = path.join(out, name);
  const text = fs.readFileSync(path.join(folder, 'index.m3u8'), 'utf8');
  const playlist = parseMediaPlaylist(text);
  const size = (f: string) => fs.statSync(path.join(folder, f)).size;
  const segments = playlist.segments.reduce((a, s) => a + size(s.uri), 0);
  const bytes = size('../master.m3u8') + Buffer.byteLength(text) + size(playlist.init!) + segments;
  const seconds = playlist.segments.reduce((a, s) => a + s.duration, 0);
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'packet=size',
    '-of',
    'csv=p=0',
    path.join(folder, 'index.m3u8'),
  ]);
  const payload = stdout.split('\n').reduce((a, l) => a + (Number(l) || 0), 0);
  return { bytes, seconds, payload, perSegment: (segments - payload) / playlist.segments.length };
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
          const [aac, opus] = [await listenOnly(out, 'audio'), await listenOnly(out, 'audio-opus')];
          ctx.log(
            `${kind} Listen only in Opus: codec ${round((opus.payload * 8) / opus.seconds / 1000, 1)} kbit/s, ` +
              `${Math.round(opus.perSegment)} bytes of container a segment, ` +
              `${opus.bytes - opus.payload} bytes beside the codec's in ${round(opus.seconds, 1)} s`,
          );
          figures.push(
            compared(
              `${kind} Listen only (Opus ${OPUS_AUDIO_ONLY.kbps} kbit/s mono, constant rate)`,
              mbPerHour(opus.bytes, opus.seconds),
              'MB/hour',
              { label: 'Listen only AAC 32 kbit/s', value: mbPerHour(aac.bytes, aac.seconds) },
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
          perMinute(now.wall),
          's per source minute',
          { label: "today's H.264 ladder, bare ffmpeg, same nice", value: perMinute(before.wall) },
          { text: '≤ 1.5 ×', met: (_v, r) => r <= 1.5 },
        ),
        compared('whole ladder, H.264 + AV1, ffmpeg CPU time', perMinute(now.cpu), 'CPU s per source minute', {
          label: "today's H.264 ladder, same clip",
          value: perMinute(before.cpu),
        }),
      );
      return figures;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
