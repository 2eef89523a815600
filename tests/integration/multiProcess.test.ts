// Darasa as deployed on several processes (issue 16, decision 0033): nginx as load balancer and media edge
// in front of three web processes (JOB_CONCURRENCY=0) and one job worker, all real processes on one database,
// with media in an S3-speaking bucket (s3rver started here, or TEST_S3_ENDPOINT). A creator's upload starts
// on one process, its parts in the bucket, and, that process killed, resumes through nginx on another; the worker fetches the original
// from the bucket, transcodes, and puts the ladder there; a learner pays on one process
// while M-Pesa's callback lands on another, plays through nginx (token checked and files cached by nginx),
// a tampered or expired token never reaches the app, and an unpublish made on one process empties the page
// cache of every process.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMpesaSimulator, type MpesaSimulator } from '#simulators/mpesa/createMpesaSimulator.ts';
import { createMediaTokens } from '#server/modules/playback/mediaToken.ts';
import { makeClip } from '../support/makeClip.ts';
import { freePort } from '#server/lib/freePort.ts';
import { type NginxEdge, startNginxEdge } from '../support/nginxEdge.ts';
import { type ChildServer, startServerProcess, startWorkerChild } from '../support/serverProcess.ts';
import { startTestS3, type TestS3 } from '../support/s3Server.ts';
import { testServerEnv } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { rememberDataDir } from '#tests/support/emailOutbox.ts';
import { eventually } from '#tests/support/eventually.ts';
import { PHONES, newKey } from '#tests/support/paymentsWorld.ts';
import { simulatorCredentials } from '#tests/support/simulatorDaraja.ts';
import { tusCreate, tusOffset, tusPatch } from '#tests/support/tus.ts';

const SECRET = `edge-test-${'s'.repeat(32)}`;
const ADMIN = { email: 'edge-admin@example.com', password: 'admin-secret-1' };

let t: TestDatabase;
let sim: MpesaSimulator;
let edge: NginxEdge;
let s3: TestS3;
/** The three web processes, in the order of their ports in nginx's upstream. */
const web: ChildServer[] = [];
let worker: ChildServer;
/** Starts web process `i` on its port (again, after it was killed, as systemd's Restart= would). */
let startWeb: (i: number) => Promise<ChildServer>;
const killed: ChildServer[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  s3 = await startTestS3();
  sim = await createMpesaSimulator({ ...simulatorCredentials(), callbackDelayMs: 10, mode: 'manual' });
  const ports = await Promise.all([freePort(), freePort(), freePort()]);
  edge = await startNginxEdge({ appServers: ports.map((p) => `127.0.0.1:${p}`), secret: SECRET });
  // People sign up through the edge: their codes are in the shared DATA_DIR's outbox.
  rememberDataDir(edge.url, t.dataDir);
  const env = (more: Record<string, string>) =>
    testServerEnv(t, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      PUBLIC_URL: edge.url,
      MEDIA_TOKEN_SECRET: SECRET,
      MPESA_BASE_URL: sim.url,
      // Safaricom calls back on the third process, whichever process started the payment.
      MPESA_CALLBACK_BASE_URL: `http://127.0.0.1:${ports[2]}`,
      PAYMENT_RECONCILE_INTERVAL_MS: '0',
      ...s3.env,
      ...more,
    });
  startWeb = async (i) => {
    // The first creates the admin account (and runs the migrations the others then find done).
    const admin: Record<string, string> = i === 0 ? { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } : {};
    web[i] = await startServerProcess(env({ PORT: String(ports[i]), ...admin }));
    return web[i]!;
  };
  for (const i of [0, 1, 2]) await startWeb(i);
  worker = await startWorkerChild(env({ JOB_CONCURRENCY: '1' }));
}, 120_000);

afterAll(async () => {
  for (const c of [...web, ...killed, worker]) c?.child.kill('SIGKILL');
  await edge?.stop();
  await sim?.close();
  await s3?.stop();
  await t?.close();
});

/** The request log lines a process wrote (LOG_LEVEL=debug: one per request it answered). */
const requestsSeen = (s: ChildServer) =>
  s
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { msg?: string; reqId?: string; route?: string })
    .filter((l) => l.msg === 'request');
const reachedAnApp = (reqId: string) => web.some((s) => requestsSeen(s).some((l) => l.reqId === reqId));
/** Media requests the app processes answered, all together. */
const mediaRequestsAnswered = () =>
  web.reduce((n, s) => n + requestsSeen(s).filter((l) => l.route?.startsWith('/media/s/')).length, 0);
let fences = 0;
/** Waits until every web process has logged the requests it finished so far (a log line follows its answer). */
async function fence() {
  const reqId = `fence-${++fences}`;
  for (const s of web) {
    await fetch(`${s.url}/healthz`, { headers: { 'x-request-id': reqId } });
    await eventually(async () => requestsSeen(s).some((l) => l.reqId === reqId));
  }
}
/** nginx's own record of a request (written once it has answered). */
const edgeLog = (reqId: string) => eventually(async () => edge.accessLog().find((e) => e.reqId === reqId));

async function signedUp(base: string, role: 'creator' | 'customer') {
  const c = new Client(base);
  const reg = newRegistration({ role });
  expect((await c.register(reg)).status).toBeLessThan(300);
  const user = await t.db
    .selectFrom('user')
    .select(['id', 'name'])
    .where('email', '=', reg.email)
    .executeTakeFirstOrThrow();
  return { client: c, user };
}

const media = (path: string, reqId: string) => fetch(edge.url + path, { headers: { 'x-request-id': reqId } });
/** The first URI line of a playlist, resolved against the playlist's own URL. */
const firstUri = (playlistPath: string, body: string) =>
  new URL(body.split('\n').find((l) => l && !l.startsWith('#'))!, `http://x${playlistPath}`).pathname;

let courseId: string;
let assetId: string;
let masterPath: string;

it('a creator uploads through one process, resumes through nginx after it is killed, and the worker transcodes', async () => {
  const clip = fs.readFileSync(
    await makeClip(path.join(t.dataDir, 'clip.mp4'), { width: 640, height: 360, seconds: 4 }),
  );
  const { client, user } = await signedUp(edge.url, 'creator');
  // The same browser on the first process directly: the upload starts there.
  const onFirst = new Client(web[0]!.url, edge.url);
  onFirst.cookies = client.cookies;
  const created = await tusCreate(onFirst, { kind: 'video', filename: 'lesson.mp4' }, clip.length);
  expect(created.status).toBe(201);
  const upload = created.headers.get('location')!;
  const half = Math.floor(clip.length / 2);
  expect((await tusPatch(onFirst, upload, 0, clip.subarray(0, half))).status).toBe(204);

  // The next chunk is on its way when that process dies (SIGKILL: no goodbye).
  const first = web[0]!;
  await new Promise<void>((resolve) => {
    const req = http.request(first.url + upload, {
      method: 'PATCH',
      headers: {
        cookie: client.cookieHeader,
        origin: edge.url,
        'tus-resumable': '1.0.0',
        'upload-offset': String(half),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(clip.length - half),
      },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(clip.subarray(half, half + 4096), () => first.child.kill('SIGKILL'));
  });
  await first.exited;
  killed.push(first);

  // What the dead process stored is in the bucket (tus's S3 store), not on its disk.
  const uploadId = upload.split('/').pop()!;
  expect(await s3.keys(`uploads/incoming/${uploadId}`)).toContain(`uploads/incoming/${uploadId}.info`);
  expect(fs.existsSync(path.join(t.dataDir, 'uploads', 'incoming', uploadId))).toBe(false);
  // The client carries on through nginx, which now reaches only the other processes.
  const offset = await tusOffset(client, upload);
  expect(offset).not.toBeNull();
  expect(offset!).toBeGreaterThanOrEqual(half);
  expect((await tusPatch(client, upload, offset!, clip.subarray(offset!))).status).toBe(204);
  const id = upload.split('/').pop()!;
  // A replacement takes the dead process's place (its port, its place in nginx's upstream).
  await startWeb(0);
  await eventually(
    async () => {
      const asset = await t.db.selectFrom('mediaAsset').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(asset.status).not.toBe('failed');
      return asset.status === 'ready';
    },
    { interval: 100 },
  );
  // Done by the worker: the web processes run no jobs (JOB_CONCURRENCY=0).
  const job = await t.db
    .selectFrom('job')
    .select('status')
    .where('type', '=', 'media.processVideo')
    .where('payload', 'like', `%${id}%`)
    .executeTakeFirstOrThrow();
  expect(job.status).toBe('done');
  // The original and the whole ladder are in the bucket; no process kept media on its disk.
  const keys = await s3.keys();
  expect(keys.some((k) => k.startsWith(`uploads/${id}.`))).toBe(true);
  expect(keys).toContain(`media/${id}/master.m3u8`);
  expect(keys.filter((k) => k.startsWith(`media/${id}/`) && k.endsWith('.m4s')).length).toBeGreaterThan(0);
  expect(fs.existsSync(path.join(t.dataDir, 'media', id))).toBe(false);
  const course = await make.course(t.db, { creator: user, title: 'Ufugaji wa Nyuki', price: 1500 });
  await make.episode(t.db, { courseId: course.id, position: 1, videoId: id, title: 'Mzinga wa kwanza' });
  courseId = course.id;
  assetId = id;
}, 120_000);

it('a learner pays on one process, the M-Pesa callback lands on another, and playback goes through nginx', async () => {
  const { client: viaEdge, user } = await signedUp(edge.url, 'customer');
  // The same signed-in browser, talking to the first process directly (the page's origin is still the edge).
  const onFirst = new Client(web[0]!.url, edge.url);
  onFirst.cookies = viaEdge.cookies;
  const started = await onFirst.request('/api/payments', {
    method: 'POST',
    json: { courseId, amount: 1500, phone: PHONES.success, idempotencyKey: newKey() },
  });
  expect(started.status).toBeLessThan(300);
  await eventually(() =>
    t.db
      .selectFrom('enrollment')
      .select('userId')
      .where('userId', '=', user.id)
      .where('courseId', '=', courseId)
      .executeTakeFirst(),
  );
  await fence();
  const callbacks = web.map((s) => requestsSeen(s).filter((l) => l.route === '/api/mpesa/callback/:secret').length);
  expect(callbacks[0]).toBe(0);
  expect(callbacks[2]).toBeGreaterThan(0);

  const play = await viaEdge.request(`/media/play/${assetId}`);
  expect(play.status).toBe(200);
  const source = (await play.json()) as { src: string };
  masterPath = source.src;
  expect(masterPath).toMatch(new RegExp(`^/media/s/[^/]+/${assetId}/master\\.m3u8$`));

  const master = await media(masterPath, 'master-1');
  expect(master.status).toBe(200);
  expect(master.headers.get('x-cache-status')).toBe('MISS');
  const renditionPath = firstUri(masterPath, await master.text());
  const rendition = await media(renditionPath, 'rendition-1');
  expect(rendition.status).toBe(200);
  const segmentPath = firstUri(renditionPath, await rendition.text());

  await fence();
  const answeredBefore = mediaRequestsAnswered();
  const first = await media(segmentPath, 'segment-1');
  expect(first.status).toBe(200);
  const bytes = Buffer.from(await first.arrayBuffer());
  expect(bytes.length).toBeGreaterThan(0);
  // Second fetch: from nginx's cache, the app never asked.
  const second = await media(segmentPath, 'segment-2');
  expect(second.status).toBe(200);
  expect(second.headers.get('x-cache-status')).toBe('HIT');
  expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
  const asked = await edgeLog('segment-1');
  expect(asked.upstream).not.toBe('-');
  const cached = await edgeLog('segment-2');
  expect(cached).toMatchObject({ status: 200, upstream: '-', cache: 'HIT' });
  await fence();
  // The app logged nginx's id of the first fetch, and no media request but that one.
  expect(reachedAnApp(asked.edgeId)).toBe(true);
  expect(reachedAnApp(cached.edgeId)).toBe(false);
  expect(mediaRequestsAnswered()).toBe(answeredBefore + 1);

  // The key is nowhere in what was served.
  for (const body of [await (await media(masterPath, 'master-2')).text(), JSON.stringify(source)])
    expect(body).not.toContain(SECRET);
}, 120_000);

it('nginx refuses a tampered, an expired and a malformed token without asking the app', async () => {
  const [, token] = /^\/media\/s\/([^/]+)\//.exec(masterPath)!;
  const flipped = token!.slice(0, -1) + (token!.endsWith('A') ? 'B' : 'A');
  const otherAsset = masterPath.replace(assetId, 'x'.repeat(assetId.length));
  const expired = createMediaTokens(Buffer.from(SECRET)).signUntil(assetId, Math.floor(Date.now() / 1000) - 60);
  const cases: [string, string, RegExp][] = [
    ['tampered', masterPath.replace(token!, flipped), /not valid/],
    ['other-asset', otherAsset, /not valid/],
    ['expired', masterPath.replace(token!, expired), /expired/],
    ['malformed', masterPath.replace(token!, 'nope'), /not valid/],
  ];
  await fence();
  const answeredBefore = mediaRequestsAnswered();
  for (const [name, url, message] of cases) {
    // Already in nginx's cache under the real token: the refusal still comes first.
    const res = await media(url, `refused-${name}`);
    expect(res.status, name).toBe(403);
    expect(res.headers.get('x-cache-status'), name).toBeNull();
    const body = await res.text();
    expect(body, name).toMatch(message);
    expect(body, name).not.toContain(SECRET);
    expect(await edgeLog(`refused-${name}`), name).toMatchObject({ status: 403, upstream: '-' });
  }
  await fence();
  expect(mediaRequestsAnswered()).toBe(answeredBefore);
}, 60_000);

it("an admin's unpublish through one process drops the course from every process's page cache", async () => {
  // The sitemap is a cached public page listing every published course (page routes need a build).
  const sitemap = async (s: ChildServer) => {
    const res = await fetch(`${s.url}/sitemap.xml`);
    return { hit: res.headers.get('x-cache') === 'hit', listed: (await res.text()).includes(`/course/${courseId}`) };
  };
  for (const s of web) {
    await sitemap(s);
    expect(await sitemap(s)).toEqual({ hit: true, listed: true });
  }
  const admin = new Client(web[1]!.url, edge.url);
  expect((await admin.signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
  const res = await admin.request(`/api/admin/courses/${courseId}/unpublish`, {
    method: 'POST',
    json: { reason: 'Copied material' },
  });
  expect(res.status).toBe(200);
  // PostgreSQL's NOTIFY reaches the other processes a moment later; on SQLite the shared version file at once.
  for (const s of web) {
    const fresh = await eventually(
      async () => {
        const answer = await sitemap(s);
        return !answer.listed && answer;
      },
      { interval: 50 },
    );
    expect(fresh.hit).toBe(false);
  }
}, 60_000);
