// Issue 4, benchmark: a 500 MB video through tus (tus-js-client, 5 MiB chunks as in the browser) to the
// built server on loopback, against a plain HTTP PUT of the same bytes to a bare node:http server that
// streams to disk, in the same run. Also: the server's memory growth during the upload (budget 64 MB) and
// the bytes sent again when the server is killed (SIGKILL) half-way and the upload resumes (goal: at
// most one chunk). Servers are child processes; the client runs here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as tus from 'tus-js-client';
import { BUNDLE, spawnServer, type ChildServer } from './lib/builtServer.ts';
import { signUpByEmail, type BenchServer } from './lib/registerLearner.ts';
import { compared, round } from './lib/stats.ts';
import type { Benchmark, Figure } from './lib/types.ts';

const MiB = 1024 * 1024;
/** Issue 24's goal for the CPU an uploaded byte costs. */
const UPLOAD_GOAL = 0.7;
/**
 * CI's guard. Half the goal (0.35) would sit inside today's run-to-run noise (0.25–0.44 in the guard's short
 * runs while the goal is not met, decision 0046): until it is, the guard catches a fall to about half of
 * today's lowest figures instead.
 */
const UPLOAD_GUARD_FLOOR = 0.15;
const CHUNK = 5 * MiB;
const FRAME_BYTES = 320 * 240 * 1.5; // rawvideo yuv420p

/** A real, decodable video of about `mb` MB (uncompressed AVI: cheap to make, accepted as MOV/MP4/AVI/WebM). */
function makeVideo(file: string, mb: number) {
  const frames = Math.floor((mb * MiB * 0.99) / (FRAME_BYTES + 24));
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25',
    '-frames:v',
    String(frames),
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
}

/** Samples a process's resident memory (Linux /proc) until stopped; answers the peak. */
function watchRss(pid: number) {
  const read = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  let peak = read();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
    } catch {
      // process gone
    }
  }, 50);
  return {
    baseline: read(),
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

function signUpCreator(server: BenchServer): Promise<string> {
  return signUpByEmail(server, {
    name: 'Bench Creator',
    email: `bench.${Date.now()}@example.com`,
    password: 'secret1',
    phone: '+254 712345678',
    role: 'creator',
  });
}

function tusUpload(url: string, cookie: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(fs.createReadStream(file), {
      endpoint: `${url}/api/uploads`,
      chunkSize: CHUNK,
      uploadSize: fs.statSync(file).size,
      headers: { cookie },
      metadata: { filename: path.basename(file), kind: 'video' },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(),
    });
    upload.start();
  });
}

/** One raw request; `body` is streamed from the file range, or cut off after `killAfter` bytes. */
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: { file: string; start: number; end: number; onBytes?: (n: number) => void },
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: body ? { ...headers, 'content-length': String(body.end - body.start) } : headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    if (!body) return void req.end();
    const stream = fs.createReadStream(body.file, { start: body.start, end: body.end - 1, highWaterMark: 256 * 1024 });
    stream.on('data', (chunk) => body.onBytes?.((chunk as Buffer).length));
    stream.pipe(req);
  });
}

const tusHeaders = (cookie: string) => ({ cookie, 'tus-resumable': '1.0.0' });

async function createTus(url: string, cookie: string, size: number): Promise<string> {
  const meta = `filename ${btoa('resume.avi')},kind ${btoa('video')}`;
  const res = await request(`${url}/api/uploads`, 'POST', {
    ...tusHeaders(cookie),
    'upload-length': String(size),
    'upload-metadata': meta,
  });
  if (res.status !== 201) throw new Error(`tus create: ${res.status}`);
  return res.headers.location!;
}

const patch = (url: string, cookie: string, file: string, start: number, end: number, onBytes?: (n: number) => void) =>
  request(
    url,
    'PATCH',
    { ...tusHeaders(cookie), 'upload-offset': String(start), 'content-type': 'application/offset+octet-stream' },
    { file, start, end, ...(onBytes ? { onBytes } : {}) },
  );

/** The browser's way: create, then 5 MiB PATCHes one after the other. Answers the last status. */
async function tusChunked(url: string, cookie: string, file: string): Promise<number> {
  const size = fs.statSync(file).size;
  const location = await createTus(url, cookie, size);
  let status = 0;
  for (let at = 0; at < size; at += CHUNK)
    status = (await patch(url + location, cookie, file, at, Math.min(size, at + CHUNK))).status;
  return status;
}

/** A bare node:http server writing a PUT body to disk: the reference. */
const BARE_SERVER = `
import fs from 'node:fs'; import http from 'node:http'; import path from 'node:path';
http.createServer((req, res) => {
  if (req.url === '/healthz') return res.end('ok');
  const out = fs.createWriteStream(path.join(process.env.DATA_DIR, 'put.bin'));
  req.pipe(out).on('finish', () => { res.statusCode = 204; res.end(); });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

export const benchmark: Benchmark = {
  name: 'upload',
  description:
    '500 MB through tus (5 MiB chunks) vs a plain PUT to a bare server; server memory; bytes re-sent after a kill',
  async run({ quick, guard, log }) {
    const mb = quick ? 50 : 500;
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-bench-upload-'));
    const servers: ChildServer[] = [];
    try {
      const file = path.join(work, 'lesson.avi');
      log(`making a ${mb} MB video`);
      makeVideo(file, mb);
      const size = fs.statSync(file).size;
      const env = { DEMO_DATA: 'false', JOB_CONCURRENCY: '0' };

      const bareScript = path.join(work, 'bare.mjs');
      fs.writeFileSync(bareScript, BARE_SERVER);
      const bare = await spawnServer(bareScript);
      servers.push(bare);
      log('bare PUT');
      let t0 = performance.now();
      const put = await request(`${bare.url}/upload`, 'PUT', {}, { file, start: 0, end: size });
      const bareSeconds = (performance.now() - t0) / 1000;
      if (put.status !== 204) throw new Error(`bare PUT answered ${put.status}`);

      const app = await spawnServer(BUNDLE, env);
      servers.push(app);
      const cookie = await signUpCreator(app);
      // A small upload first, so that start-up costs (modules loaded, JIT, pools) are not counted as growth.
      const small = path.join(work, 'small.avi');
      makeVideo(small, 8);
      await tusChunked(app.url, cookie, small);
      log('tus upload, 5 MiB chunks');
      const rss = watchRss(app.child.pid!);
      t0 = performance.now();
      const done = await tusChunked(app.url, cookie, file);
      const tusSeconds = (performance.now() - t0) / 1000;
      const growth = (rss.stop() - rss.baseline) / MiB;
      if (done !== 204) throw new Error(`tus upload finished with ${done}`);
      const sizeMb = size / 1e6;
      const throughput = compared(
        'tus upload throughput (5 MiB PATCHes, incl. the content check at the end)',
        sizeMb / tusSeconds,
        'MB/s',
        { label: 'bare PUT', value: sizeMb / bareSeconds },
        { text: `≥ ${UPLOAD_GOAL} × bare PUT`, met: (_v, ratio) => ratio >= UPLOAD_GOAL },
        UPLOAD_GUARD_FLOOR,
      );
      const memory: Figure = {
        label: 'server memory growth during the upload',
        value: round(growth, 1),
        unit: 'MB',
        goal: '≤ 64 MB',
        met: growth <= 64,
      };
      // CI's guard: the ratio (and memory) only.
      if (guard) return [throughput, memory];
      log('the same through tus-js-client in Node');
      t0 = performance.now();
      await tusUpload(app.url, cookie, file);
      const clientSeconds = (performance.now() - t0) / 1000;

      // Kill at half: the client counts every byte it sends; the restarted server says what it kept.
      log('upload killed half-way, server restarted, upload resumed');
      const location = await createTus(app.url, cookie, size);
      let sent = 0;
      let offset = 0;
      while (offset < size / 2) {
        const end = Math.min(size, offset + CHUNK);
        await patch(app.url + location, cookie, file, offset, end, (n) => (sent += n));
        offset = end;
      }
      const killed = new Promise((r) => app.child.once('exit', r));
      await patch(app.url + location, cookie, file, offset, Math.min(size, offset + CHUNK), (n) => {
        sent += n;
        if (sent - offset > CHUNK / 2 && app.child.exitCode === null) app.child.kill('SIGKILL');
      }).catch(() => null);
      await killed;
      const again = await spawnServer(BUNDLE, { ...env, DATA_DIR: app.dataDir });
      servers.push(again);
      const head = await request(again.url + location, 'HEAD', tusHeaders(cookie));
      const kept = Number(head.headers['upload-offset']);
      const resent = sent - kept;
      let at = kept;
      let last = 0;
      while (at < size) {
        const end = Math.min(size, at + CHUNK);
        last = (await patch(again.url + location, cookie, file, at, end)).status;
        at = end;
      }
      if (last !== 204) throw new Error(`resumed upload finished with ${last}`);

      const figures: Figure[] = [
        throughput,
        compared('the same through tus-js-client in Node', sizeMb / clientSeconds, 'MB/s', {
          label: 'bare PUT',
          value: sizeMb / bareSeconds,
        }),
        memory,
        {
          label: 'bytes re-sent after SIGKILL half-way',
          value: round(Math.max(0, resent) / MiB, 2),
          unit: 'MiB',
          goal: `≤ one chunk (${CHUNK / MiB} MiB)`,
          met: resent <= CHUNK,
        },
      ];
      return figures;
    } finally {
      for (const s of servers.reverse()) {
        // A server we killed has exited already: only its files are left to remove.
        if (s.child.exitCode === null && s.child.signalCode === null) await s.stop().catch(() => {});
        else fs.rmSync(s.dataDir, { recursive: true, force: true });
      }
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
