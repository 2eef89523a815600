// Operations against real server and worker processes, signalled as systemd would: request ids in the
// log lines, a graceful SIGTERM that lets an in-flight upload finish, a web process that runs no jobs
// beside `npm run worker` processes, and a running transcode handed back on SIGTERM and finished by the
// next worker.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeClip } from '../support/makeClip.ts';
import { type ChildServer, startServerProcess, startWorkerChild } from '../support/serverProcess.ts';
import { testServerEnv } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { eventually } from '#tests/support/eventually.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { tusCreate, uploadWhole } from '#tests/support/tus.ts';

let t: TestDatabase;
let clip: Buffer;
const children: ChildServer[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  clip = fs.readFileSync(await makeClip(path.join(t.dataDir, 'clip.mp4'), { width: 640, height: 360, seconds: 8 }));
});
afterAll(async () => {
  for (const c of children) c.child.kill('SIGKILL');
  await t.close();
});

async function web(env: Record<string, string> = {}): Promise<ChildServer> {
  const s = await startServerProcess(testServerEnv(t, { NODE_ENV: 'test', ...env }));
  children.push(s);
  return s;
}
async function worker(): Promise<ChildServer> {
  const w = await startWorkerChild(testServerEnv(t, { NODE_ENV: 'test', JOB_CONCURRENCY: '1' }));
  children.push(w);
  return w;
}

async function creatorOn(url: string): Promise<Client> {
  const c = new Client(url);
  expect((await c.register(newRegistration({ role: 'creator' }))).status).toBeLessThan(300);
  return c;
}

/** Waits on what child processes do (they start and transcode slowly on a loaded machine): bounded by the
 * tests' own time-outs, as the loops this replaced were. */
const untilProcesses = <T>(check: () => Promise<T | undefined | null | false>) =>
  eventually(check, { timeout: 180_000, interval: 50 });

const logLines = (s: ChildServer) =>
  s
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

it('puts the request id on every log line written while handling that request', async () => {
  const s = await web({ LOG_LEVEL: 'debug' });
  // A number the SMS gateway refuses: the operation logs a warning deep inside the request.
  const res = await fetch(`${s.url}/api/account/phone/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.url, 'x-request-id': 'support-ticket-4711' },
    body: JSON.stringify({
      purpose: 'sign-up',
      name: 'Achieng',
      phone: '+254700000203',
      role: 'customer',
      locale: 'en',
    }),
  });
  expect(res.headers.get('x-request-id')).toBe('support-ticket-4711');
  const lines = await untilProcesses(async () => {
    const mine = logLines(s).filter((l) => l.reqId === 'support-ticket-4711');
    return mine.some((l) => l.msg === 'request') && mine;
  });
  expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['SMS refused by the gateway', 'request']));
  const refusals = logLines(s).filter((l) => l.msg === 'SMS refused by the gateway');
  expect(refusals).toHaveLength(1);
  expect(refusals[0]!.reqId).toBe('support-ticket-4711');
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
}, 120_000);

it('on SIGTERM stops accepting but lets an upload in flight finish, then exits cleanly', async () => {
  const s = await web();
  const creator = await creatorOn(s.url);
  const created = await tusCreate(creator, { kind: 'video', filename: 'lesson.mp4' }, clip.length);
  const uploadPath = created.headers.get('location')!;
  const half = Math.floor(clip.length / 2);

  const req = http.request(s.url + uploadPath, {
    method: 'PATCH',
    headers: {
      cookie: creator.cookieHeader,
      origin: s.url,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(clip.length),
    },
  });
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on('response', resolve);
    req.on('error', reject);
  });
  await new Promise<void>((r) => req.write(clip.subarray(0, half), () => r()));
  // The server is handling the request once bytes reach the upload's file.
  const partial = path.join(t.dataDir, 'uploads', 'incoming', uploadPath.split('/').pop()!);
  await untilProcesses(async () => fs.existsSync(partial) && fs.statSync(partial).size > 0);
  // Twice, as under systemd with a cluster (the unit's processes are all signalled, then again by the primary).
  s.child.kill('SIGTERM');
  s.child.kill('SIGTERM');
  // New connections are refused from now on…
  await untilProcesses(() =>
    fetch(`${s.url}/readyz`).then(
      () => false,
      () => true,
    ),
  );
  // …while the request already in flight gets to send the rest and is answered.
  req.end(clip.subarray(half));
  expect((await answered).statusCode).toBe(204);
  expect(await s.exited).toBe(0);
  const id = uploadPath.split('/').pop()!;
  expect(fs.readFileSync(path.join(t.dataDir, 'uploads', `${id}.mp4`)).equals(clip)).toBe(true);
}, 120_000);

it('a web process with JOB_CONCURRENCY=0 leaves transcoding to workers; a worker stopped mid-job hands it back and the next one finishes it', async () => {
  const s = await web({ JOB_CONCURRENCY: '0' });
  const creator = await creatorOn(s.url);
  const { res, id } = await uploadWhole(creator, { kind: 'video', filename: 'episode.mp4' }, clip);
  expect(res.status).toBe(204);
  const asset = () => t.db.selectFrom('mediaAsset').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const job = async () =>
    t.db
      .selectFrom('job')
      .selectAll()
      .where('type', '=', 'media.processVideo')
      .where('payload', 'like', `%${id}%`)
      .executeTakeFirstOrThrow();
  expect((await job()).status).toBe('queued');

  const first = await worker();
  await untilProcesses(async () => (await job()).status === 'running');
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  const handedBack = await job();
  expect(handedBack).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  expect((await asset()).status).not.toBe('ready');

  const second = await worker();
  await untilProcesses(async () => (await job()).status === 'done');
  expect((await asset()).status).toBe('ready');
  expect((await job()).attempts).toBe(1);
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
}, 180_000);
