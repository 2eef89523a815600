// The data budget on hostile uploads: whatever the picture, the 240p rung costs ≤ 100 MB per hour in H.264
// and ≤ 55 MB per hour in AV1 (for a picture no worse: SSIM against the same scaled source), "Listen only"
// ≤ 20 MB per hour in AAC and ≤ 8 in Opus, counted from the files a player downloads, and the master
// playlist's BANDWIDTH is a true peak. Clips are short (2 shared cores) but each is the worst of its kind.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMediaPlaylist } from './masterPlaylist.ts';
import { probeVideo } from './probeVideo.ts';
import { transcodeVideo } from './transcodeVideo.ts';

const run = promisify(execFile);
const SECONDS = 12;
const MB = 1e6;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-budget-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A source clip from ffmpeg's generators, with white noise for sound (the costliest audio). */
async function makeSource(name: string, video: string): Promise<string> {
  const file = path.join(dir, `${name}.mp4`);
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', 'anoisesrc=c=white:a=0.5:r=48000'],
    ...['-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '26', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '192k', file],
  ]);
  return file;
}

interface StreamInf {
  attrs: Record<string, string>;
  uri: string;
}

function parseMaster(text: string): StreamInf[] {
  const lines = text.trim().split('\n');
  const out: StreamInf[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attrs: Record<string, string> = {};
    for (const m of line.slice(18).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)) attrs[m[1]!] = m[2]!.replace(/"/g, '');
    out.push({ attrs, uri: lines[i + 1]! });
  });
  return out;
}

/** The bytes a player downloads for a variant (master, playlist, init, segments) and its segments. */
function downloaded(out: string, uri: string) {
  const folder = path.join(out, path.dirname(uri));
  const text = fs.readFileSync(path.join(out, uri), 'utf8');
  const playlist = parseMediaPlaylist(text);
  const size = (f: string) => fs.statSync(path.join(folder, f)).size;
  const segments = playlist.segments.map((s) => ({ bytes: size(s.uri), duration: s.duration }));
  const bytes =
    fs.statSync(path.join(out, 'master.m3u8')).size +
    Buffer.byteLength(text) +
    size(playlist.init!) +
    segments.reduce((a, s) => a + s.bytes, 0);
  return { bytes, segments, seconds: segments.reduce((a, s) => a + s.duration, 0) };
}

/** SSIM of a rendition against the source brought to the same size and frame rate (ffmpeg's ssim filter). */
async function ssim(source: string, rendition: string, size: string): Promise<number> {
  const { stderr } = await run('nice', [
    ...['-n', '10', 'ffmpeg', '-hide_banner', '-i', rendition, '-i', source, '-lavfi'],
    ...[`[1:v]fps=30,scale=${size},format=yuv420p[ref];[0:v][ref]ssim`, '-f', 'null', '-'],
  ]);
  return Number(/All:([\d.]+)/.exec(stderr)?.[1]);
}

async function transcode(source: string) {
  const probe = await probeVideo(source);
  const out = path.join(dir, `${path.basename(source, '.mp4')}-out`);
  const made = await transcodeVideo(source, probe, out);
  return { out, made, master: parseMaster(fs.readFileSync(path.join(out, 'master.m3u8'), 'utf8')) };
}

/** Every variant: no full-length segment above the declared peak; the recorded bytes are the real ones. */
function expectHonest(out: string, master: StreamInf[], recorded: Record<string, number>) {
  for (const v of master) {
    const { bytes, segments } = downloaded(out, v.uri);
    const peak = Number(v.attrs.BANDWIDTH);
    for (const s of segments.filter((x) => x.duration >= 2))
      expect((s.bytes * 8) / s.duration, `${v.uri} segment`).toBeLessThanOrEqual(peak);
    expect(Number(v.attrs['AVERAGE-BANDWIDTH'])).toBeLessThanOrEqual(peak);
    expect(recorded[path.dirname(v.uri)]).toBe(bytes);
  }
}

const perHour = (bytes: number, seconds: number) => (bytes / seconds) * 3600;

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

describe.each([
  ['full-frame noise at 60 fps', 'cellauto=s=640x360:r=60,noise=alls=80:allf=t+u'],
  ['fast motion at 60 fps', "testsrc2=s=960x540:r=60,rotate=a=2*t,zoompan=z='1.2+0.2*sin(on/10)':d=1:s=640x360:fps=60"],
  [
    // Text of a slide or an editor as a 1080p recording shows it, brought to 360p (16 px).
    'a screen recording (scrolling text, a moving pointer)',
    `color=c=white:s=640x360:r=30,drawtext=fontfile=${FONT}:textfile=/etc/services:fontsize=16:x=20:y='40-mod(t\\,8)*30',` +
      "drawbox=x='300+100*sin(t)':y='200+60*cos(t)':w=8:h=12:color=red:t=fill",
  ],
])('%s', (_, video) => {
  let result: Awaited<ReturnType<typeof transcode>>;
  let source: string;
  beforeAll(async () => {
    source = await makeSource(video.slice(0, 8), video);
    result = await transcode(source);
  }, 240_000);

  it('keeps 240p within 100 MB per hour (AV1: 55) and Listen only within 20 (Opus: 8), from the real files', () => {
    const { out, master } = result;
    const low = downloaded(out, '240p/index.m3u8');
    expect(perHour(low.bytes, low.seconds)).toBeLessThanOrEqual(100 * MB);
    const lowAv1 = downloaded(out, '240p-av1/index.m3u8');
    expect(perHour(lowAv1.bytes, lowAv1.seconds)).toBeLessThanOrEqual(55 * MB);
    const audio = downloaded(out, 'audio/index.m3u8');
    expect(perHour(audio.bytes, audio.seconds)).toBeLessThanOrEqual(20 * MB);
    const opus = downloaded(out, 'audio-opus/index.m3u8');
    expect(perHour(opus.bytes, opus.seconds)).toBeLessThanOrEqual(8 * MB);
    expect(master.map((v) => v.uri)).toEqual([
      '240p/index.m3u8',
      '360p/index.m3u8',
      '240p-av1/index.m3u8',
      '360p-av1/index.m3u8',
      'audio/index.m3u8',
      'audio-opus/index.m3u8',
    ]);
  });

  it('gives 240p in AV1 a picture no worse than in H.264 (SSIM against the same scaled source)', async () => {
    const { out } = result;
    const h264 = await ssim(source, path.join(out, '240p/index.m3u8'), '426:240');
    const av1 = await ssim(source, path.join(out, '240p-av1/index.m3u8'), '426:240');
    expect(h264).toBeGreaterThan(0.5);
    expect(av1).toBeGreaterThanOrEqual(h264);
  }, 60_000);

  it('declares true peaks, averages, sizes, 30 fps and real codecs in the master playlist', () => {
    const { out, made, master } = result;
    const all = [...made.renditions, made.audio!, ...made.av1!.renditions, made.av1!.audio!];
    expectHonest(out, master, Object.fromEntries(all.map((r) => [r.name, r.bytes])));
    const [low, mid, lowAv1, midAv1, audio, opus] = master.map((v) => v.attrs);
    expect(low).toMatchObject({ RESOLUTION: '426x240', 'FRAME-RATE': '30.000' });
    expect(mid).toMatchObject({ RESOLUTION: '640x360', 'FRAME-RATE': '30.000' });
    expect(low!.CODECS).toMatch(/^avc1\.64[0-9a-f]{4},mp4a\.40\.2$/);
    expect(lowAv1).toMatchObject({ RESOLUTION: '426x240', 'FRAME-RATE': '30.000' });
    expect(midAv1).toMatchObject({ RESOLUTION: '640x360', 'FRAME-RATE': '30.000' });
    expect(lowAv1!.CODECS).toMatch(/^av01\.0\.\d\dM\.08,opus$/);
    expect(Number(lowAv1!.BANDWIDTH)).toBeLessThan(Number(low!.BANDWIDTH));
    expect(opus).toEqual({ BANDWIDTH: expect.any(String), 'AVERAGE-BANDWIDTH': expect.any(String), CODECS: 'opus' });
    expect(Number(opus!.BANDWIDTH)).toBeLessThan(Number(audio!.BANDWIDTH));
    expect(audio).toEqual({
      BANDWIDTH: expect.any(String),
      'AVERAGE-BANDWIDTH': expect.any(String),
      CODECS: 'mp4a.40.2',
    });
    expect(Number(audio!.BANDWIDTH)).toBeLessThan(Number(low!.BANDWIDTH));
  });
});
