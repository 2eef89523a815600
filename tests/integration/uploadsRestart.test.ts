// A server killed (SIGKILL, no goodbye) in the middle of an upload: restarted on the same DATA_DIR and
// database, the upload resumes from the bytes already on disk, and the finished file is byte-identical.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeClip } from '../support/makeClip.ts';
import { startServerProcess } from '../support/serverProcess.ts';
import { testServerEnv } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { tusCreate, tusOffset, tusPatch } from '#tests/support/tus.ts';

let t: TestDatabase;
const children: ChildProcess[] = [];
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  for (const c of children) c.kill('SIGKILL');
  await t.close();
});

async function startProcess(): Promise<{ child: ChildProcess; url: string }> {
  const started = await startServerProcess(testServerEnv(t, { NODE_ENV: 'test' }));
  children.push(started.child);
  return started;
}

it('resumes an upload after the server is killed mid-transfer', async () => {
  const clip = fs.readFileSync(
    await makeClip(path.join(t.dataDir, 'clip.mp4'), { width: 320, height: 180, seconds: 3 }),
  );
  const first = await startProcess();
  const creator = new Client(first.url);
  expect((await creator.register(newRegistration({ role: 'creator' }))).status).toBeLessThan(300);

  const created = await tusCreate(creator, { kind: 'video', filename: 'lesson.mp4' }, clip.length);
  const url = created.headers.get('location')!;
  const half = Math.floor(clip.length / 2);
  expect((await tusPatch(creator, url, 0, clip.subarray(0, half))).status).toBe(204);

  // The next chunk is on its way when the server dies.
  const inFlight = new Promise<void>((resolve) => {
    const req = http.request(first.url + url, {
      method: 'PATCH',
      headers: {
        cookie: creator.cookieHeader,
        'tus-resumable': '1.0.0',
        'upload-offset': String(half),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(clip.length - half),
      },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(clip.subarray(half, half + 4096), () => {
      first.child.kill('SIGKILL');
    });
  });
  await inFlight;
  await new Promise((r) => (first.child.exitCode !== null ? r(null) : first.child.once('exit', r)));

  const second = await startProcess();
  const again = new Client(second.url);
  again.cookies = creator.cookies;
  const offset = await tusOffset(again, url);
  expect(offset).not.toBeNull();
  expect(offset!).toBeGreaterThanOrEqual(half);
  const res = await tusPatch(again, url, offset!, clip.subarray(offset!));
  expect(res.status).toBe(204);
  const id = url.split('/').pop()!;
  expect(fs.readFileSync(path.join(t.dataDir, 'uploads', `${id}.mp4`)).equals(clip)).toBe(true);
  second.child.kill('SIGTERM');
}, 90_000); // two server processes start from the built bundle: slow on a loaded CI host
