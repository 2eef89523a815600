import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeClip } from '#tests/support/makeClip.ts';
import { makeUser } from '#tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';
import { testServices } from '#tests/support/testServices.ts';
import { newId } from '#server/lib/ids.ts';
import { enqueueVideoProcessing } from './enqueueVideoProcessing.ts';

let database: TestDatabase;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, 'SIGKILL');
  await database.close();
});

/** A worker process leading its own process group, so killing the group kills its ffmpeg too. */
function spawnWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'tests/support/runJobWorker.ts'], {
    env: {
      ...process.env,
      DATA_DIR: database.dataDir,
      JOB_LEASE_MS: '1500',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    },
    detached: true,
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

async function until<T>(check: () => Promise<T | undefined | null | false>): Promise<T> {
  for (;;) {
    const v = await check();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('runs a transcode again after its worker process is killed mid-way', { timeout: 120_000 }, async () => {
  const creator = await makeUser(database.db);
  const uploads = path.join(database.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  const original = await makeClip(path.join(uploads, 'lecture.mp4'), { width: 1280, height: 720, seconds: 12 });
  const assetId = newId();
  const at = new Date();
  await database.db
    .insertInto('mediaAsset')
    .values({
      id: assetId,
      ownerId: creator.id,
      kind: 'video',
      status: 'uploaded',
      meta: '{}',
      error: null,
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  const jobId = await database.db
    .transaction()
    .execute((trx) =>
      enqueueVideoProcessing(testServices(database), trx, assetId, `uploads/${path.basename(original)}`),
    );
  const job = () => database.db.selectFrom('job').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

  const first = spawnWorker();
  const running = await until(async () => {
    const j = await job();
    return j.status === 'running' && j.progress > 0 ? j : null;
  });
  process.kill(-first.pid!, 'SIGKILL');
  await new Promise((r) => first.once('exit', r));
  expect((await job()).status).toBe('running');

  spawnWorker();
  const done = await until(async () => {
    const j = await job();
    return j.status === 'done' || j.status === 'failed' ? j : null;
  });
  expect(done.status).toBe('done');
  expect(done.attempts).toBe(2);
  expect(done.lockedBy).toBeNull();
  expect(running.lockedBy).not.toBeNull();
  const asset = await database.db
    .selectFrom('mediaAsset')
    .selectAll()
    .where('id', '=', assetId)
    .executeTakeFirstOrThrow();
  expect(asset.status).toBe('ready');
  const master = fs.readFileSync(path.join(database.dataDir, 'media', assetId, 'master.m3u8'), 'utf8');
  expect(master).toContain('720p/index.m3u8');
  // The killed attempt's scratch folder is gone.
  expect(fs.readdirSync(path.join(database.dataDir, 'media')).filter((f) => f.startsWith('.work'))).toEqual([]);
});
