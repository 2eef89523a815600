import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { ladderArgs, planRenditions } from '#server/modules/media/hlsLadder.ts';
const clip = process.env.CLIP ?? '/tmp/av1x/busy.mp4';
const probe = { width: 1920, height: 1080, hasAudio: true, frameRate: 30, duration: 10 };
const all = planRenditions(1920, 1080);
const params = (p: string) => (a: string[]) => a.map((x, i) => (a[i - 1] === '-svtav1-params' ? p : x));
const variants: Record<string, [() => typeof all, (a: string[]) => string[]]> = {
  h264: [() => planRenditions(1920, 1080, ['h264']), (a) => a],
  cur: [() => all, (a) => a],
  av1only: [() => planRenditions(1920, 1080, ['av1']), (a) => a],
  only240: [() => all.filter((r) => r.name !== '360p-av1'), (a) => a],
  only360: [() => all.filter((r) => r.name !== '240p-av1'), (a) => a],
  scm2: [() => all, params('scm=2')],
  scm0: [() => all, params('scm=0')],
  lp1: [() => all, params('scm=1:lp=1')],
  fd: [() => all, params('scm=1:fast-decode=1')],
  tf0: [() => all, params('scm=1:enable-tf=0')],
  p10: [() => all.map((r) => (r.name === '240p-av1' ? { ...r, preset: 10 } : r)), (a) => a],
  tf0p10: [() => all.map((r) => (r.name === '240p-av1' ? { ...r, preset: 10 } : r)), params('scm=1:enable-tf=0')],
  p10p11: [() => all.map((r) => (r.name === '240p-av1' ? { ...r, preset: 10 } : { ...r, preset: 11 })), (a) => a],
  p8p11: [() => all.map((r) => (r.name === '240p-av1' ? r : { ...r, preset: 11 })), (a) => a],
  p8p12: [() => all.map((r) => (r.name === '240p-av1' ? r : { ...r, preset: 12 })), (a) => a],
  p8p12scm2: [() => all.map((r) => (r.name === '240p-av1' ? r : { ...r, preset: 12 })), params('scm=2')],
  p8p12ps: [() => all.map((r) => (r.name === '240p-av1' ? r : { ...r, preset: 12 })), (a) => { const i = a.indexOf('-svtav1-params'); return [...a.slice(0, i), '-svtav1-params:v:4', 'scm=1', '-svtav1-params:v:5', 'scm=0', ...a.slice(i + 2)]; }],
  p8p12glob: [() => all.map((r) => (r.name === '240p-av1' ? r : { ...r, preset: 12 })), (a) => { const i = a.indexOf('-svtav1-params'); return [...a.slice(0, i + 2), '-svtav1-params:v:5', 'scm=0', ...a.slice(i + 2)]; }],
  p9p11: [() => all.map((r) => (r.name === '240p-av1' ? { ...r, preset: 9 } : { ...r, preset: 11 })), (a) => a],
};
for (const name of process.argv.slice(2)) {
  const out = `/tmp/av1x/l-${name}`;
  fs.rmSync(out, { recursive: true, force: true }); fs.mkdirSync(out);
  const [plan, tweak] = variants[name]!;
  const args = tweak(ladderArgs(clip, out, plan(), probe).filter((a) => a !== '-progress' && a !== 'pipe:1'));
  const t0 = performance.now();
  const r = execFileSync('bash', ['-c', 'nice -n 10 ffmpeg "$@" >/dev/null 2>&1; times', 'x', ...args], { encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  const [u, s] = r.trim().split('\n')[1]!.split(' ').map((x) => { const m = /(\d+)m([\d.]+)s/.exec(x)!; return Number(m[1]) * 60 + Number(m[2]); });
  console.log(name, 'wall', wall.toFixed(1), 'cpu', (u! + s!).toFixed(1));
}
