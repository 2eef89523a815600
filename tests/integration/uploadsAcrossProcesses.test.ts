// Two web processes on one database and DATA_DIR (as `npm start` runs one per core): an upload's requests
// may reach either, so its tus lock must hold across them (decision 0032). Two overlapping PATCHes through
// two processes are serialised, and an upload whose process is killed mid-PATCH resumes through the other.
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeClip } from '../support/makeClip.ts';
import { type ChildServer, startServerProcess } from '../support/serverProcess.ts';
import { testServerEnv } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { eventually } from '#tests/support/eventually.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { tusCreate, tusOffset, tusPatch } from '#tests/support/tus.ts';

let t: TestDatabase;
let clip: Buffer;
const children: ChildProcess[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
  clip = fs.readFileSync(await makeClip(path.join(t.dataDir, 'clip.mp4'), { width: 320, height: 180, seconds: 3 }));
}, 60_000);
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await t?.close();
});

async function startProcess(): Promise<ChildServer> {
  const started = await startServerProcess(testServerEnv(t, { NODE_ENV: 'test' }));
  children.push(started.child);
  return started;
}

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A creator signed in through `a`, and the same session used through `b`. */
async function creatorOn(a: ChildServer, b: ChildServer) {
  const onA = new Client(a.url);
  expect((await onA.register(newRegistration({ role: 'creator' }))).status).toBeLessThan(300);
  const onB = new Client(b.url);
  onB.cookies = onA.cookies;
  return { onA, onB };
}

/**
 * A PATCH from offset 0 declaring the whole clip whose first `sent` bytes go out at once; the rest is
 * sent with `finish()`. `ended` resolves with the status, or 0 if the connection was cut.
 */
function slowPatch(server: ChildServer, c: Client, url: string, sent: number) {
  const req = http.request(server.url + url, {
    method: 'PATCH',
    headers: {
      cookie: c.cookieHeader,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(clip.length),
    },
  });
  const ended = new Promise<number>((resolve) => {
    req.on('error', () => resolve(0));
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
  });
  const written = new Promise<void>((resolve) => req.write(clip.subarray(0, sent), () => resolve()));
  return { req, ended, written, finish: () => req.end(clip.subarray(sent)) };
}

/** Waits until the upload's file on disk holds at least `bytes` bytes. */
function onDisk(id: string, bytes: number) {
  const file = path.join(t.dataDir, 'uploads', 'incoming', id);
  return eventually(() => fs.existsSync(file) && fs.statSync(file).size >= bytes);
}

it('serialises two overlapping PATCHes of one upload sent through two processes', async () => {
  const [a, b] = [await startProcess(), await startProcess()];
  const { onA, onB } = await creatorOn(a, b);
  const created = await tusCreate(onA, { kind: 'video', filename: 'lesson.mp4' }, clip.length);
  const url = created.headers.get('location')!;
  const id = url.split('/').pop()!;

  // A's PATCH is writing; the client, thinking it stalled, asks B where to resume.
  const first = slowPatch(a, onA, url, 4096);
  await first.written;
  await onDisk(id, 4096);
  const offset = await tusOffset(onB, url);
  expect(offset).not.toBeNull();

  // B answered only once A's request had let go of the upload (tus ends it with what it had stored): the
  // rest of A's bytes are not written, so the offset B gave is where the upload stands after A's request.
  first.finish();
  await first.ended;
  expect(await tusOffset(onB, url)).toBe(offset);

  const res = await tusPatch(onB, url, offset!, clip.subarray(offset!));
  expect(res.status).toBe(204);
  expect(sha256(fs.readFileSync(path.join(t.dataDir, 'uploads', `${id}.mp4`)))).toBe(sha256(clip));
  for (const p of [a, b]) p.child.kill('SIGTERM');
}, 120_000);

it('resumes through another process an upload whose process was killed mid-PATCH', async () => {
  const [a, b] = [await startProcess(), await startProcess()];
  const { onA, onB } = await creatorOn(a, b);
  const created = await tusCreate(onA, { kind: 'video', filename: 'lesson.mp4' }, clip.length);
  const url = created.headers.get('location')!;
  const id = url.split('/').pop()!;

  // A holds the upload's lock, writing, when it dies without a goodbye.
  const first = slowPatch(a, onA, url, 4096);
  await first.written;
  await onDisk(id, 4096);
  a.child.kill('SIGKILL');
  expect(await first.ended).toBe(0);
  await a.exited;

  const offset = await tusOffset(onB, url);
  expect(offset).not.toBeNull();
  const res = await tusPatch(onB, url, offset!, clip.subarray(offset!));
  expect(res.status).toBe(204);
  expect(sha256(fs.readFileSync(path.join(t.dataDir, 'uploads', `${id}.mp4`)))).toBe(sha256(clip));
  b.child.kill('SIGTERM');
}, 120_000);
